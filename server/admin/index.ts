/**
 * What other features use of the organisers' area: its route toolkit (./context.ts: the organisers' context,
 * `organiserFeature`, the body reader and the refusals), whole, so what the toolkit gains reaches them. Narrow
 * on purpose: the inbox, the accounts and the audit log have front doors of their own (their queries.ts/index.ts).
 */
export * from "./context";
