/**
 * A publish's alerts (issue 54, declared here since issue 64): "alerts" tells those who starred the sessions a
 * publish changed. The switch to the new build adds it in its transaction (./queries.ts setLive), keyed by the
 * build, and any server runs it (./publisher.ts sendAlerts).
 */
import type { Job } from "../jobs";
import type { Publisher } from "./publisher";

declare module "../jobs/queries" {
  interface JobPayloads {
    alerts: { buildId: string };
  }
}

export interface PublishJobsDeps {
  publisher: Pick<Publisher, "sendAlerts">;
}

export const publishJobs = ({ publisher }: PublishJobsDeps): Job[] => [
  { name: "alerts", run: (payload) => publisher.sendAlerts(String(payload.buildId)) },
];
