/**
 * What other features use of the volunteers' shifts (issue 66): the organisers' home reads the next gap's words;
 * the door marks a volunteer arrived and shows their shift; the announcements offer the volunteers as an audience.
 */
export { shiftWhat, shiftWhen } from "./mail";
export { shiftsEvent } from "./event";
export { markArrived } from "./arrivals.queries";
export { doorShiftNow } from "./overview.queries";
export { shiftAudiences } from "./audiences";
