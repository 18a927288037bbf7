import { NextRequest, NextResponse } from "next/server";

import { clearSessionCookie, createSessionCookie, readSessionClaims, setSessionCookie } from "@/lib/auth/session";

const claims = { adminId: 7, sessionId: "s".repeat(43) };

describe("the session cookie", () => {
  it("is read back from a plain Request, a NextRequest and a page's cookies alike", async () => {
    const cookie = (await createSessionCookie(new Request("http://localhost/"), claims)).split(";")[0]!;
    const token = cookie.slice(cookie.indexOf("=") + 1);
    const plain = new Request("http://localhost/admin", { headers: { cookie } });
    const next = new NextRequest("http://localhost/admin", { headers: { cookie } });
    const page = {
      headers: new Headers(),
      url: "http://localhost/",
      cookies: { get: (name: string) => (name === "authjs.session-token" ? { value: token } : undefined) },
    };
    expect(await readSessionClaims(plain)).toEqual(claims);
    expect(await readSessionClaims(next)).toEqual(claims);
    expect(await readSessionClaims(page)).toEqual(claims);
  });

  it("reads a value that is not valid percent-encoding as no session", async () => {
    for (const value of ["%ZZ%", "%", "%E0%A4%A"]) {
      expect(
        await readSessionClaims(
          new Request("http://localhost/", { headers: { cookie: `authjs.session-token=${value}` } }),
        ),
      ).toBeNull();
    }
  });

  it("is set HttpOnly, SameSite=Lax for the whole site, Secure with the __Secure- name over HTTPS, and cleared the same way", async () => {
    const request = new Request("http://localhost/", { headers: { "x-forwarded-proto": "https" } });
    const started = new NextResponse(null);
    await setSessionCookie(started, request, claims);
    const set = started.headers.get("set-cookie") ?? "";
    expect(set).toMatch(/^__Secure-authjs\.session-token=[^;]+;/);
    for (const attribute of ["Path=/", "HttpOnly", "SameSite=Lax", "Secure", `Max-Age=${8 * 60 * 60}`])
      expect(set).toContain(attribute);

    const ended = new NextResponse(null);
    clearSessionCookie(ended, request);
    const cleared = ended.headers.get("set-cookie") ?? "";
    expect(cleared).toMatch(/^__Secure-authjs\.session-token=;/);
    for (const attribute of [
      "Path=/",
      "HttpOnly",
      "SameSite=Lax",
      "Secure",
      "Max-Age=0",
      "Expires=Thu, 01 Jan 1970 00:00:00 GMT",
    ])
      expect(cleared).toContain(attribute);
  });
});
