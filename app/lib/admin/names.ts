/**
 * How an organiser is named, once (issue 64): the name they gave, else their address's local part. The server
 * (server/admin/accounts/queries.ts: the audit, the invitations, the speakers' reviews), the People tab and the
 * content's commits say it alike; the door's SQL says the same in SQL (server/door/queries.ts volunteerName).
 */
export const nameOf = (who: { email: string; name?: string | null }) => who.name?.trim() || who.email.split("@")[0]!;
