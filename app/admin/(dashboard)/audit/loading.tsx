import { AdminPageLoading } from "@/components/admin/kit/page-loading";

/** The audit log on its way (new filters keep the page and load only the table). */
export default function Loading() {
  return <AdminPageLoading label="Loading the audit log..." filters={4} />;
}
