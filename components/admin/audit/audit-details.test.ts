import { describeAuditDetails } from "@/components/admin/audit/audit-details";

describe("the audit log's details in words", () => {
  it("names how someone signed in as their Sessions list does, not by its code", () => {
    expect(describeAuditDetails("auth.sign_in", { method: "totp" })).toEqual(["Method: Authenticator app."]);
    expect(describeAuditDetails("auth.second_factor_failed", { method: "recovery" })).toEqual([
      "Method: Recovery code.",
    ]);
    // A method a later version writes is shown as it is.
    expect(describeAuditDetails("auth.sign_in", { method: "smoke-signal" })).toEqual(["Method: smoke-signal."]);
  });
});
