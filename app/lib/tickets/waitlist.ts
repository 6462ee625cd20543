/**
 * The waiting list's request and answers (issue 42, item 4), shared by the server (server/tickets/waitlist/)
 * and the form a sold-out plan shows on `/buy-ticket`.
 *
 * `POST /api/tickets/waitlist` (same origin; JSON, or a plain form post without JavaScript) with `plan`,
 * `quantity`, `email` and optionally `name`. Joining twice with the same plan and address changes nothing.
 */
export const WAITLIST_JOIN_PATH = "/api/tickets/waitlist";

/** 201, whether the address joined (a confirmation link was mailed) or was on the list already: it tells no one who is. */
export interface WaitlistJoinAnswer {
  ok: true;
  message: string;
}

/**
 * 409: seats for this quantity are free now (buy them instead); 422: a field to fix (`errors` per field, as the
 * forms answer).
 */
export type WaitlistRefusal =
  | { error: "not-sold-out"; message: string; left: number }
  | { error: "invalid"; field: string; errors: Record<string, string> };
