import type { Metadata } from "next";
import { notFound } from "next/navigation";

import { requireCurrentAdmin } from "@/lib/auth/current-admin";
import { roleCan } from "@/lib/auth/roles";
import { TEST_PAGE_ERROR } from "@/lib/validation/errors";

export const metadata: Metadata = { title: "Test page error" };

export const dynamic = "force-dynamic";

/**
 * A page that fails to render, on purpose, for the Errors page's "Open a page that fails": the framework reports
 * it (onRequestError) and it is recorded like any page that breaks.
 */
export default async function TestPageError() {
  const admin = await requireCurrentAdmin();
  if (!roleCan(admin.role, "errors")) notFound();
  throw new Error(TEST_PAGE_ERROR);
}
