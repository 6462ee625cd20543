/**
 * What other features use of the volunteers' shifts (issue 66): the organisers' home reads the next gap's words.
 */
export { shiftWhat, shiftWhen } from "./mail";
export { shiftsEvent } from "./event";
