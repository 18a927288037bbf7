/** The admin login page: where a visitor without a live session goes. */
export const LOGIN_PATH = "/admin/login";

/** The list showing only the signups held for review: where the sidebar's badge and the team's emails lead. */
export const HELD_LIST_HREF = "/admin?held=yes";
