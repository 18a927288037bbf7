import { AdminPageLoading } from "@/components/admin/kit/page-loading";

/** The import page on its way. */
export default function Loading() {
  return <AdminPageLoading label="Loading the import page..." shape="sections" />;
}
