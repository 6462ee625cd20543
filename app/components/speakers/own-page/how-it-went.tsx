import { FeedbackSummary } from "~/components/feedback/feedback-summary";
import type { SessionFigures } from "~/lib/feedback/summary";

/**
 * "How your sessions were rated" on a speaker's own page (issue 63, item 4): the figures the page's answer
 * carries (server/feedback/summary.ts speakerSummary): only their sessions, an average from 5 ratings, and the
 * comments an organiser let through.
 */
export function HowItWent({ feedback }: { feedback: readonly SessionFigures[] }) {
  return <FeedbackSummary sessions={feedback} />;
}
