import { AdminPageLoading } from "@/components/admin/kit/page-loading";

/** The settings on its way. */
export default function Loading() {
  return <AdminPageLoading label="Loading settings..." shape="sections" />;
}
