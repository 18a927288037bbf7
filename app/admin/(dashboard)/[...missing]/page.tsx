import { notFound } from "next/navigation";

/**
 * Any admin address no page answers (a mistyped link, an old bookmark): the admin "not found" inside the admin
 * frame, for a signed-in admin, rather than the public site's 404.
 */
export default function MissingAdminPage() {
  notFound();
}
