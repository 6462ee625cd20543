/**
 * What other features use of the programme alerts: their subscribers as an announcement's audience, and the
 * live programme's session names those audiences are offered by (./audiences.ts).
 */
export { alertAudiences, liveSessionNames } from "./audiences";
