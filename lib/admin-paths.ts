/** The admin login page: where a visitor without a live session goes. */
export const LOGIN_PATH = "/admin/login";
