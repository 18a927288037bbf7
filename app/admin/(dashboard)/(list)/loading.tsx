import { AdminPageLoading } from "@/components/admin/kit/page-loading";

/** The waiting list on its way (its searches and filters keep the page and load only the table). */
export default function Loading() {
  return <AdminPageLoading label="Loading entries..." filters={8} />;
}
