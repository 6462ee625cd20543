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
} from "./fields";

/** One schedule day with its sessions (schedule/day-NN.yaml). */
export function scheduleSchemas({ image }: CollectionContext) {
  const session = z
    .strictObject({
      id,
      /** Unique across all days and never reused: shared agenda links (/agenda#code) carry it. */
      number: id,
      start: time,
      end: optionalTime,
      title: text,
      /** A speaker id; left out for e.g. "Registration & Welcome". */
      speaker: id.optional(),
      image,
      text,
    })
    .superRefine((s, ctx) => {
      if (s.end && TIME.test(s.start) && TIME.test(s.end) && s.end <= s.start)
        ctx.addIssue({ code: "custom", path: ["end"], message: `must be after start (${s.start})` });
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
