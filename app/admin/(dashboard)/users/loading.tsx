import { AdminPageLoading } from "@/components/admin/kit/page-loading";

/** The admin users page on its way. */
export default function Loading() {
  return <AdminPageLoading label="Loading admins..." />;
}
