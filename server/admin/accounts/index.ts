/**
 * What other features use of the organisers' accounts beyond ./queries.ts: the session cookie's name and the
 * organiser a session token stands for (the health page answers organisers more).
 */
export { cookieName } from "./session";
export { sessionAdmin } from "./sessions.queries";
