import { AdminPageLoading } from "@/components/admin/kit/page-loading";

/** One entry on its way. */
export default function Loading() {
  return <AdminPageLoading label="Loading the entry..." shape="detail" />;
}
