/**
 * The door's protocol (issue 43), shared by the server (server/door/) and the `/checkin` page: what a door
 * device downloads (the attendee list and the tickets' public key, nothing a thief could use: no e-mail
 * address, no phone number), what it sends back (its scans, queued while offline), and the live figures.
 * Every route is under /api/admin, so it needs a session (a "door" volunteer's or an organiser's).
 */
import * as z from "zod/mini";
import { TICKET_CODE } from "../tickets/payload";

export const DOOR_PATHS = {
  /** GET: the attendee list, the public key and the figures (DoorListAnswer). */
  list: "/api/admin/door/list",
  /** POST: a batch of scans (DoorSyncRequest) -> DoorSyncAnswer. Replaying a batch records nothing twice. */
  sync: "/api/admin/door/sync",
  /** GET ?q=: someone without their phone, by name, e-mail or order reference (online only) -> DoorSearchAnswer. */
  search: "/api/admin/door/search",
} as const;

/** The client-only page a volunteer opens. */
export const CHECKIN_PATH = "/checkin";

/** The doors a device can say it is (chosen from a list, never typed). */
export const DOORS = ["Door 1", "Door 2", "Door 3", "Door 4", "Door 5", "Door 6"] as const;

/** At most this many scans in one sync request (a device sends its queue in pieces). */
export const MAX_SYNC_SCANS = 500;

/**
 * Added by the server's side: more scans than this in a minute from one session is no person scanning; the
 * sync answers 429 with Retry-After (a long offline queue goes through at this pace) and the organisers are told.
 */
export const MAX_SCANS_PER_MINUTE = 600;

/**
 * One attendee as a door sees them: [code, name, plan id, order reference, position, of, status, short code].
 * The short code ("7KX4QM2P", printed "7KX4-QM2P" under the QR: app/lib/tickets/short-code.ts) is absent in a
 * list kept on a phone before issue 61.
 */
export type DoorAttendee = [
  code: string,
  name: string,
  plan: string,
  reference: string,
  position: number,
  of: number,
  status: "valid" | "cancelled",
  short?: string,
];

export interface CheckIn {
  /** When the ticket was first admitted (ISO), at which door. */
  at: string;
  door: string;
  /** The volunteer (or organiser) who admitted it, by the name they gave (issue 53); absent for a removed account. */
  by?: string;
}

export interface DoorFigures {
  /** Per plan: checked in / expected (valid tickets). */
  plans: { id: string; title: string; checkedIn: number; expected: number }[];
  /** Arrivals per 10 minutes, oldest first: the start of each ten minutes (ISO) and how many came in it. */
  arrivals: { from: string; count: number }[];
  /** Tickets admitted at two doors (offline) that the server saw after sync. */
  conflicts: DoorConflict[];
}

export interface DoorConflict {
  code: string;
  name: string;
  /** The scan that counts (the earlier) and the later one(s). */
  first: CheckIn;
  later: CheckIn[];
}

/** `GET /api/admin/door/list` */
export interface DoorListAnswer {
  event: string;
  /** Ed25519 public key, SPKI DER base64 (server/tickets/signing.ts publicKeyText). */
  publicKey: string;
  /** When the list was made (ISO): a ticket bought later is "not in list yet" offline. */
  generatedAt: string;
  /** The event's time zone (site.yaml): the door's times are told in it (issue 53). Absent in a list kept before. */
  timeZone?: string;
  plans: Record<string, { title: string }>;
  attendees: DoorAttendee[];
  /** Code -> its first check-in, for tickets already admitted. */
  checkedIn: Record<string, CheckIn>;
  figures: DoorFigures;
  /**
   * Added by issue 66: the shift of the volunteer who asked, running now (fetching the list marked them arrived
   * on it); its place's `door` is the door this phone is at ("Door 1 until 12:00"). Absent: no shift now.
   */
  shift?: DoorShift;
}

/** A door volunteer's shift now (issue 66): its place, the check-in page's door it is, and its times (ISO, zone's offset). */
export interface DoorShift {
  place: string;
  door: string | null;
  role: string;
  startsAt: string;
  endsAt: string;
}

export const DoorScanSchema = z.strictObject({
  /** The device's own id of this scan (random, 8 to 64 characters): a replayed batch records it once. */
  id: z.string().check(z.regex(/^[\w-]{8,64}$/)),
  code: z.string().check(z.regex(TICKET_CODE)),
  /** When the device admitted it (ISO): the earlier of two doors wins. */
  at: z.iso.datetime({ offset: true }),
  /** An "Undo" of this device's scan `id`'s check-in. */
  undo: z.optional(z.boolean()),
});
export type DoorScan = z.infer<typeof DoorScanSchema>;

export const DoorSyncRequestSchema = z.strictObject({
  /** The device (random id kept on it) and the door it said it is. */
  device: z.string().check(z.regex(/^[\w-]{8,64}$/)),
  door: z.enum(DOORS),
  scans: z.array(DoorScanSchema).check(z.maxLength(MAX_SYNC_SCANS)),
});
export type DoorSyncRequest = z.infer<typeof DoorSyncRequestSchema>;

/**
 * What the server made of each scan: admitted, or the earlier check-in it lost to (a conflict).
 * Added by the server's side (server/door/queries.ts recordScans, docs/decisions/026-door-check-ins.md):
 * "admitted": this scan is the ticket's admission (the earliest by device time; a scan answered "admitted" may
 * later lose to an earlier one arriving from another door: the figures' conflicts then name it);
 * "conflict": another device admitted it earlier (`first`), both kept; "already": this same device admitted it
 * before (`first`), nothing recorded; "undone": an undo done (or the scan of an undo that came first);
 * "unknown": no ticket of this event (or an undo of another device's scan); "cancelled": its order is cancelled.
 * Neither "unknown" nor "cancelled" is recorded. A replayed scan id gets the same answer.
 */
export interface DoorSyncAnswer {
  results: {
    id: string;
    verdict: "admitted" | "already" | "conflict" | "undone" | "unknown" | "cancelled";
    first?: CheckIn;
  }[];
  figures: DoorFigures;
}

/** `GET /api/admin/door/search?q=` */
export interface DoorSearchAnswer {
  attendees: DoorAttendee[];
  /**
   * Added by the server's side (issue 61): nobody found, and the search is a short code one character away from
   * exactly one ticket's: that ticket ("Did you mean 7KX4-QM2P (Ruth Mensah)?").
   */
  suggestion?: DoorAttendee;
  /** Added by the server's side: those of them already admitted (code -> its check-in). */
  checkedIn?: Record<string, CheckIn>;
}
