import { AdminPageLoading } from "@/components/admin/kit/page-loading";

/** The outbox, or one email, on its way. */
export default function Loading() {
  return <AdminPageLoading label="Loading emails..." />;
}
