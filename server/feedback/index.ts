/**
 * What other features use of the session feedback: the live programme it is summed up by, a speaker's own
 * summary (the speakers' page) and today's ratings (the organisers' home), all in ./summary.ts.
 */
export { liveProgramme, ratingsToday, speakerSummary } from "./summary";
