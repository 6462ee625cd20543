/**
 * What other features use of the tickets beyond ./queries.ts (and the waiting list's ./waitlist/queries.ts):
 * the order moves the organisers' pages share (release, cancel, refund, resend: ./order-routes.ts) and the
 * money waiting on unpaid orders (the organisers' home). Narrow on purpose: the box office is made by
 * server/start.ts and server/app.ts.
 */
export { registerOrderMoves } from "./order-routes";
export { moneyWaiting } from "./order-life/moves.queries";
