/**
 * The door's organisers' routes (issue 43): server/door/routes.ts, reached by a door volunteer's session too. The
 * schemas are the door's protocol (app/lib/door/protocol.ts), which the offline check-in page keeps with its list;
 * its calls (app/lib/door/api.ts) tell a signed-out phone apart from an offline one, so they keep their own fetch.
 */
import {
  DoorListAnswerSchema,
  DoorSearchAnswerSchema,
  DoorSearchQuerySchema,
  DoorSyncAnswerSchema,
  DoorSyncRequestSchema,
} from "../../lib/door/protocol";
import { adminRoute } from "../../lib/admin/route";

/**
 * The event's attendees (no e-mail address, no phone number), the tickets' public key, the check-ins and the
 * figures, and the asker's shift now. Sent compressed as it was built (the server checks no answer it did not
 * just make); at most LISTS_PER_MINUTE a minute per account (429).
 */
export const doorList = adminRoute({ method: "GET", path: "/door/list", answer: DoorListAnswerSchema });

/** A device's queued scans, each recorded once; at most SCANS_PER_MINUTE scans a minute per account (429). */
export const doorSync = adminRoute({
  method: "POST",
  path: "/door/sync",
  body: DoorSyncRequestSchema,
  answer: DoorSyncAnswerSchema,
});

/** Someone without their phone, by name or a whole address, reference or code; SEARCHES_PER_MINUTE a minute. */
export const doorSearch = adminRoute({
  method: "GET",
  path: "/door/search",
  query: DoorSearchQuerySchema,
  answer: DoorSearchAnswerSchema,
});
