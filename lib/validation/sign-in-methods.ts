/** How a session's sign-in was completed: the password alone, or the second factor that followed it. */
export const SIGN_IN_METHODS = ["password", "passkey", "totp", "recovery"] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

/** The words the Sessions section and the audit log show for each way of signing in. */
export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: "Password only",
  passkey: "Passkey",
  totp: "Authenticator app",
  recovery: "Recovery code",
};
