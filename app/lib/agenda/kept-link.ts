/**
 * A kept agenda's addresses (issue 44, part 1), without zod: the /agenda page reads them at start, while the
 * schemas (./keep.ts) load only with the sync (./sync.ts).
 */

/** The link's secret: 24 random bytes (192 bits) as base64url. Only its SHA-256 is stored. */
export const KEPT_SECRET_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const KEPT_AGENDA_PATHS = {
  /** `POST`: keep this device's agenda; answers the new secret. */
  create: "/api/agendas",
  /** `GET` (ETag / If-None-Match), `POST` (changes), `DELETE` (stop keeping it). */
  one: "/api/agendas/:secret",
} as const;

export const keptAgendaPath = (secret: string) => `/api/agendas/${secret}`;
/** A kept agenda's alerts (issue 44, part 2; ./alerts.ts has the schemas): GET what they are, POST one more. */
export const agendaAlertsPath = (secret: string) => `/api/agendas/${secret}/alerts`;
/** The calendar feed of a kept agenda: the same address whatever is starred. */
export const keptFeedPath = (secret: string) => `/api/agenda.ics?a=${secret}`;
/** The private link that joins another device: the secret in the fragment, never sent to a server or a referrer. */
export const keptLink = (origin: string, secret: string) => `${origin}/agenda#keep=${secret}`;

/** The secret of a link's fragment (`#keep=…`), or null when it is not a kept agenda's. */
export function secretFromHash(hash: string): string | null {
  const match = /^#?keep=(.*)$/.exec(hash);
  return match && KEPT_SECRET_PATTERN.test(match[1]!) ? match[1]! : null;
}
export const isKeepHash = (hash: string) => /^#?keep=/.test(hash);

/** The window event (detail: the server's words) when the server refused this browser's changes for good. */
export const SYNC_REFUSED = "agenda-sync-refused";
