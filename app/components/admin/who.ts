/** The signed-in organiser, as `/api/admin/session` answers (app/api/admin/accounts.ts): the sign-in form, the admin page and its parts share it. */
export type { Who } from "~/api/admin/accounts";
