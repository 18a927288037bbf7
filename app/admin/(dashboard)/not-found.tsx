import { AdminNotFound } from "@/components/admin/kit/admin-not-found";

/** Anything in the admin area that is not there, shown beside the sidebar. */
export default function AdminPageNotFound() {
  return (
    <AdminNotFound
      title="Page not found"
      text="There is nothing at this address in the admin area. It may have been deleted, or the link may be mistyped."
      back={{ href: "/admin", label: "Back to the waiting list" }}
    />
  );
}
