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
export const DoorAttendeeSchema = z.tuple([
  /* code */ z.string(),
  /* name */ z.string(),
  /* plan */ z.string(),
  /* reference */ z.string(),
  /* position */ z.number(),
  /* of */ z.number(),
  /* status */ z.enum(["valid", "cancelled"]),
  /* short */ z.optional(z.string()),
]);
export type DoorAttendee = z.infer<typeof DoorAttendeeSchema>;

export const CheckInSchema = z.object({
  /** When the ticket was first admitted (ISO), at which door. */
  at: z.string(),
  door: z.string(),
  /** The volunteer (or organiser) who admitted it, by the name they gave (issue 53); absent for a removed account. */
  by: z.optional(z.string()),
});
export type CheckIn = z.infer<typeof CheckInSchema>;

export const DoorConflictSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The scan that counts (the earlier) and the later one(s). */
  first: CheckInSchema,
  later: z.array(CheckInSchema),
});
export type DoorConflict = z.infer<typeof DoorConflictSchema>;

export const DoorFiguresSchema = z.object({
  /** Per plan: checked in / expected (valid tickets). */
  plans: z.array(z.object({ id: z.string(), title: z.string(), checkedIn: z.number(), expected: z.number() })),
  /** Arrivals per 10 minutes, oldest first: the start of each ten minutes (ISO) and how many came in it. */
  arrivals: z.array(z.object({ from: z.string(), count: z.number() })),
  /** Tickets admitted at two doors (offline) that the server saw after sync. */
  conflicts: z.array(DoorConflictSchema),
});
export type DoorFigures = z.infer<typeof DoorFiguresSchema>;

/** A door volunteer's shift now (issue 66): its place, the check-in page's door it is, and its times (ISO, zone's offset). */
export const DoorShiftSchema = z.object({
  place: z.string(),
  door: z.nullable(z.string()),
  role: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type DoorShift = z.infer<typeof DoorShiftSchema>;

/** `GET /api/admin/door/list` */
export const DoorListAnswerSchema = z.object({
  event: z.string(),
  /** Ed25519 public key, SPKI DER base64 (server/tickets/signing.ts publicKeyText). */
  publicKey: z.string(),
  /** When the list was made (ISO): a ticket bought later is "not in list yet" offline. */
  generatedAt: z.string(),
  /** The event's time zone (site.yaml): the door's times are told in it (issue 53). Absent in a list kept before. */
  timeZone: z.optional(z.string()),
  plans: z.record(z.string(), z.object({ title: z.string() })),
  attendees: z.array(DoorAttendeeSchema),
  /** Code -> its first check-in, for tickets already admitted. */
  checkedIn: z.record(z.string(), CheckInSchema),
  figures: DoorFiguresSchema,
  /**
   * Added by issue 66: the shift of the volunteer who asked, running now (fetching the list marked them arrived
   * on it); its place's `door` is the door this phone is at ("Door 1 until 12:00"). Absent: no shift now.
   */
  shift: z.optional(DoorShiftSchema),
});
export type DoorListAnswer = z.infer<typeof DoorListAnswerSchema>;

/** A scan's or a device's own id: 8 to 64 letters, digits, - or _. */
const deviceId = z
  .string("must be 8 to 64 letters, digits, - or _.")
  .check(z.regex(/^[\w-]{8,64}$/, "must be 8 to 64 letters, digits, - or _."));
/** What the check-in page never sends: a field it does not know, or something that is no object. */
const NOT_SENT = "this is not what the check-in page sends.";

export const DoorScanSchema = z.strictObject(
  {
    /** The device's own id of this scan (random, 8 to 64 characters): a replayed batch records it once. */
    id: deviceId,
    code: z.string("this is not a ticket's code.").check(z.regex(TICKET_CODE, "this is not a ticket's code.")),
    /** When the device admitted it (ISO): the earlier of two doors wins. */
    at: z.iso.datetime({ offset: true, error: "must be a date and time with its offset (ISO 8601)." }),
    /** An "Undo" of this device's scan `id`'s check-in. */
    undo: z.optional(z.boolean(NOT_SENT)),
  },
  NOT_SENT,
);
export type DoorScan = z.infer<typeof DoorScanSchema>;

export const DoorSyncRequestSchema = z.strictObject(
  {
    /** The device (random id kept on it) and the door it said it is. */
    device: deviceId,
    door: z.enum(DOORS, `must be one of ${DOORS.join(", ")}.`),
    scans: z
      .array(DoorScanSchema, NOT_SENT)
      .check(z.maxLength(MAX_SYNC_SCANS, `At most ${MAX_SYNC_SCANS} scans in one request.`)),
  },
  NOT_SENT,
);
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
export const DoorSyncAnswerSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      verdict: z.enum(["admitted", "already", "conflict", "undone", "unknown", "cancelled"]),
      first: z.optional(CheckInSchema),
    }),
  ),
  figures: DoorFiguresSchema,
});
export type DoorSyncAnswer = z.infer<typeof DoorSyncAnswerSchema>;

/** `GET /api/admin/door/search?q=`: at least 2 characters, at most 200 (trimmed). */
export const DoorSearchQuerySchema = z.object({
  q: z
    .string("Type at least 2 letters of a name, or a whole e-mail address, order reference or ticket code.")
    .check(
      z.trim(),
      z.minLength(2, "Type at least 2 letters of a name, or a whole e-mail address, order reference or ticket code."),
      z.maxLength(200, "Search for at most 200 characters."),
    ),
});

/** `GET /api/admin/door/search?q=` */
export const DoorSearchAnswerSchema = z.object({
  attendees: z.array(DoorAttendeeSchema),
  /**
   * Added by the server's side (issue 61): nobody found, and the search is a short code one character away from
   * exactly one ticket's: that ticket ("Did you mean 7KX4-QM2P (Ruth Mensah)?").
   */
  suggestion: z.optional(DoorAttendeeSchema),
  /** Added by the server's side: those of them already admitted (code -> its check-in). */
  checkedIn: z.optional(z.record(z.string(), CheckInSchema)),
});
export type DoorSearchAnswer = z.infer<typeof DoorSearchAnswerSchema>;
