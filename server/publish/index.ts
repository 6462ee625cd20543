/**
 * What other features use of the publish: reading what the live build left (./outputs.ts), which moves when a
 * publish switches builds. Narrow on purpose: the publisher itself is started by server/start.ts.
 */
export { outputFile, readOutput, type OutputReader } from "./outputs";
