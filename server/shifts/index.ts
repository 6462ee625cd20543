/**
 * What other features use of the volunteers' shifts (issue 66): the organisers' home reads the next gap's words,
 * removing an account frees its shifts and tells the organisers.
 */
export { freedMail, shiftWhat, shiftWhen } from "./mail";
export { freeShiftsOf } from "./reminders";
export { shiftsEvent } from "./event";
