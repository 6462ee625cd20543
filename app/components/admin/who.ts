import type { AdminRole } from "~/forms/admin";

/** The signed-in organiser, as `/api/admin/session` answers: the sign-in form, the admin page and its parts share it. */
export interface Who {
  email: string;
  /** What to call them (their display name, else their address's local part): "Signed in as" says it (issue 62). */
  name?: string;
  mustChangePassword: boolean;
  /** Issue 43: a door volunteer gets the way to /checkin, not the inbox. */
  role?: AdminRole;
}
