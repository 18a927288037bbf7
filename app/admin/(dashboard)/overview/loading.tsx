import { AdminPageLoading } from "@/components/admin/kit/page-loading";

/** The overview on its way (a new period keeps the page and loads each figure in place). */
export default function Loading() {
  return <AdminPageLoading label="Loading the overview..." shape="cards" />;
}
