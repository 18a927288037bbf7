import { json } from "@/lib/http";

// The site has no server actions. A request naming one (a `Next-Action` header: a scanner, or a page from some
// other app) is sent here by next.config.mjs before the framework looks for the action, which it would fail to
// find with an error and a stack trace in the log for every such request. Answered quietly, its body unread.

/** The 404 of a request that names a server action. */
export const NO_SERVER_ACTIONS_MESSAGE = "This site has no server actions.";

function refuse() {
  return json({ message: NO_SERVER_ACTIONS_MESSAGE }, { status: 404 });
}

export { refuse as GET, refuse as POST, refuse as PUT, refuse as PATCH, refuse as DELETE };
