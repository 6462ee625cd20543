/**
 * The place for "How your sessions went" on a speaker's own page (issue 63, item 4: the feedback summary, built
 * apart and wired in here): it gets the speaker's link and session numbers (SpeakerPageAnswer.sessionNumbers).
 * Shows nothing until then.
 */
export function HowItWent(_: { token: string; sessionNumbers: number[] }) {
  return null;
}
