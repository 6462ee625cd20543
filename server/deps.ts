import type { Context } from "hono";

/** What every API gets from server/app.ts. */
export interface ApiDeps {
  /** The client's address (socket peer, or the trusted proxy's X-Forwarded-For), for rate limits. */
  clientKey: (c: Context) => string;
  /** Operational lines (console.log by default). */
  log: (line: string) => void;
  now: () => number;
}
