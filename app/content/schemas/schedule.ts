import { z } from "zod";
import {
  TIME,
  id,
  isoDate,
  optionalTime,
  text,
  time,
  uniqueIds,
  withAlt,
  type CollectionContext,
  dateParts,
  editor,
} from "./fields";

/** Why a session's status and changes are under "Advanced" in the editor (issue 62): the publish writes them. */
const FOUND_BY_PUBLISH =
  "You rarely need these: the publish finds a moved or changed session itself and fills them in. To cancel a session, choose “cancelled” as its status.";

/** One schedule day with its sessions (schedule/day-NN.yaml). */
export function scheduleSchemas({ image }: CollectionContext) {
  /** One announced change of a session (docs/decisions/020-programme-changes.md), oldest first. */
  const change = z.strictObject({
    /** The day it was announced. */
    date: isoDate,
    /** A move: where the session was before this change. */
    from: z.strictObject({ date: isoDate, start: time }).optional(),
    /** What changed, in a few words (e.g. "New speaker"). */
    note: text.optional(),
  });
  const session = z
    .strictObject({
      id,
      /** Unique across all days and never reused: shared agenda links (/agenda#code) carry it. */
      number: id.describe("Unique across all days and never reused: shared agenda links carry it."),
      start: time,
      end: optionalTime,
      title: text,
      /** A speaker id; left out for e.g. "Registration & Welcome". */
      speaker: id
        .optional()
        .meta(editor({ auto: false, ref: "speakers" }))
        .describe("Leave empty for e.g. Registration."),
      image,
      text,
      /** Left out while the session is as first published. */
      status: z
        .enum(["cancelled", "moved"])
        .optional()
        .meta(editor({ advanced: FOUND_BY_PUBLISH })),
      changes: z
        .array(change)
        .default([])
        .meta(editor({ advanced: FOUND_BY_PUBLISH })),
    })
    .superRefine((s, ctx) => {
      if (s.end && TIME.test(s.start) && TIME.test(s.end) && s.end <= s.start)
        ctx.addIssue({ code: "custom", path: ["end"], message: `must be after start (${s.start})` });
      // A status with no change yet is the organiser's word alone: the publish records the change (issue 51).
      if (s.status === "moved" && s.changes.length > 0 && !s.changes.some((c) => c.from))
        ctx.addIssue({
          code: "custom",
          path: ["changes"],
          message: 'a moved session needs a change with "from" (the date and start it had before)',
        });
      s.changes.forEach((c, index) => {
        const before = s.changes[index - 1];
        if (before && c.date < before.date)
          ctx.addIssue({
            code: "custom",
            path: ["changes", index, "date"],
            message: `must not be before the change above it (${before.date}): list changes oldest first`,
          });
        const isCancellation = s.status === "cancelled" && index === s.changes.length - 1;
        if (!c.from && !c.note && !isCancellation)
          ctx.addIssue({
            code: "custom",
            path: ["changes", index, "note"],
            message: 'say what changed (or give "from" for a move)',
          });
      });
    })
    .transform((s) => ({
      ...s,
      image: withAlt(s.image, s.title),
      /** "09:00 - 10:00", or "09:00" when there is no end time. */
      timeText: s.end ? `${s.start} - ${s.end}` : s.start,
    }));
  const day = z
    .strictObject({
      id,
      label: text,
      date: isoDate,
      sessions: z.array(session).min(1).superRefine(uniqueIds("sessions")),
    })
    .transform((d) => ({ ...d, ...dateParts(d.date) }));
  return { day };
}
