import { AdminNotFound } from "@/components/admin/kit/admin-not-found";

/** An entry that is not on the list: deleted since the link was made, or a number that never was one. */
export default function EntryNotFound() {
  return (
    <AdminNotFound
      title="Entry not found"
      text="This entry is not on the waiting list. It may have been deleted, or the person may have left the list."
      back={{ href: "/admin", label: "Back to all entries" }}
    />
  );
}
