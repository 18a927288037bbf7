import bcrypt from "bcryptjs";

import { BCRYPT_COST, hashPassword, verifyPassword } from "@/lib/auth/password";

describe("password hashing", () => {
  it("hashes with bcrypt at cost 12 or more and verifies", async () => {
    expect(BCRYPT_COST).toBeGreaterThanOrEqual(12);
    const hash = await hashPassword("correct-horse-battery");
    expect(bcrypt.getRounds(hash)).toBe(BCRYPT_COST);
    expect(await verifyPassword("correct-horse-battery", hash)).toBe(true);
    expect(await verifyPassword("correct-horse-batterY", hash)).toBe(false);
  });

  it("refuses to hash a password over 72 bytes instead of truncating it", async () => {
    await expect(hashPassword("x".repeat(73))).rejects.toThrow(/72 bytes/);
  });

  it("never matches when there is no hash, or when the password is longer than bcrypt reads", async () => {
    expect(await verifyPassword("anything-at-all", null)).toBe(false);
    const exact = "y".repeat(72);
    const hash = await bcrypt.hash(exact, 4);
    expect(await verifyPassword(exact, hash)).toBe(true);
    expect(await verifyPassword(`${exact}z`, hash)).toBe(false);
  });
});
