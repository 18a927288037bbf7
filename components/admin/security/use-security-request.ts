"use client";

import { useState } from "react";

import { usePasswordCheck } from "@/components/admin/security/password-check";
import { ApiError, serverMessage } from "@/lib/api";

/**
 * A request of the second factor's screens, with the message to show beside the form when it fails: the
 * server's own words, or that it could not be reached.
 */
export function useSecurityRequest() {
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const withPassword = usePasswordCheck();
  /** Sends `request` (one of lib/api's adminApi calls), asking for the password first when the server wants it. */
  async function send<T>(request: () => Promise<Response>): Promise<T | null> {
    setError(null);
    setPending(true);
    try {
      return (await (await withPassword(request)).json()) as T;
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (serverMessage(failure) ?? "That did not work. Please try again.")
          : "There was a problem connecting to the server. Please try again.",
      );
      return null;
    } finally {
      setPending(false);
    }
  }
  return { send, error, setError, pending };
}
