/** What every `/api/admin/*` handler shares: options, the signed-in organiser, the JSON body reader. */
import type { Context } from "hono";
import type { SessionAdmin } from "./accounts/queries";
import type { Publisher } from "../publish/publisher";
import type { ContentOptions } from "../content/routes";
import type { Database } from "../db/client";
import type { BoxOffice } from "../tickets/box-office";
import { readBody } from "../request";

export interface AdminOptions {
  database: Database;
  /** SITE_URL: the only Origin a state-changing request may come from (else the request's own origin). */
  siteUrl?: string;
  trustProxy?: boolean;
  now?: () => number;
  /** Sign-in attempts per client address and window (ADMIN_SIGNIN_LIMIT, default 10 in 15 minutes). */
  signInLimit?: { limit: number; windowMs: number };
  /** Mail is sent (SMTP_URL): invitations are mailed, else only shown to the organiser who made them. */
  canMail?: boolean;
  /** The client's address (server/request.ts clientIp). */
  clientKey: (c: Context) => string;
  /** Publishing and roll back (issue 31); without it those routes answer 404. */
  publisher?: Publisher;
  /** The content editor's working copy (issue 30); without it `/content/*` answers 404. */
  content?: ContentOptions;
  /** The box office (issue 42): the Attendees tab's resend, cancel and refund; without it those answer 503. */
  boxOffice?: BoxOffice;
}

export interface AdminEnv {
  Variables: { admin: SessionAdmin; token: string };
}

export type AdminContext = Context<AdminEnv>;

/** The JSON body, or null when it is not a JSON object. */
export async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  const text = await readBody(() => c.req.text());
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export const badRequest = (c: Context, error: string) => c.json({ error }, 400);
export const notFound = (c: Context, what = "Not found") => c.json({ error: what }, 404);
