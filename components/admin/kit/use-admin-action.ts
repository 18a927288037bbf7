"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "sonner";

import { adminFailureDescription, ApiError } from "@/lib/api";

type Toast = { title: string; description?: string };

export interface AdminActionOptions<TResult, TInput> {
  /** The request; it throws an ApiError when the server refuses (lib/api's helpers do). */
  request: (input: TInput) => Promise<TResult>;
  /** The success toast, or null for none (the caller says what happened some other way). */
  succeeded: Toast | null | ((result: TResult, input: TInput) => Toast | null);
  /** The failure toast's title; its description is the server's message, or that it could not be reached. */
  failed: string | null;
  onSuccess?: (result: TResult, input: TInput) => void;
  onError?: (error: unknown) => void;
  /**
   * Whether to render the page again from the server afterwards (default true): the admin pages are
   * server-rendered, so this is how they show the change. A failure renders again too, so the page shows
   * what is now true (an entry another admin deleted, say) and a session that ended goes to the login page.
   */
  refresh?: boolean;
}

export interface AdminAction<TInput> {
  /** Runs the action; resolves to whether it succeeded (failures are already toasted). */
  run: (input: TInput) => Promise<boolean>;
  pending: boolean;
  succeeded: boolean;
}

/**
 * One admin write, the same way everywhere: the request, a toast for the outcome, and the server-rendered
 * page drawn again. Each button or form names only what differs: what to send and what to say.
 */
export function useAdminAction<TResult = unknown, TInput = void>(
  options: AdminActionOptions<TResult, TInput>,
): AdminAction<TInput> {
  const router = useRouter();
  const { request, succeeded, failed, refresh = true } = options;
  const mutation = useMutation({
    mutationFn: request,
    onSuccess: (result, input) => {
      const shown = typeof succeeded === "function" ? succeeded(result, input) : succeeded;
      if (shown)
        toast.success(shown.title, shown.description === undefined ? undefined : { description: shown.description });
      options.onSuccess?.(result, input);
      if (refresh) router.refresh();
    },
    onError: (error) => {
      if (failed !== null) toast.error(failed, { description: adminFailureDescription(error) });
      options.onError?.(error);
      if (refresh || (error instanceof ApiError && error.status === 401)) router.refresh();
    },
  });
  return {
    run: (input) =>
      mutation.mutateAsync(input).then(
        () => true,
        () => false,
      ),
    pending: mutation.isPending,
    succeeded: mutation.isSuccess,
  };
}
