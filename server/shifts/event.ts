/**
 * The event's days, time zone and give-back cut-off (BUILD_OUTPUTS.shifts, from the live build), and turning a
 * day and wall-clock times into a shift's instants (a shift whose end is not after its start crosses midnight).
 */
import { BUILD_OUTPUTS, type ShiftsData } from "../../app/lib/build-outputs";
import { isoInZone, zonedIso } from "../../app/lib/schedule/zoned-time";
import type { ServerContext } from "../context";
import { readOutput } from "../publish";

/** The live build's shifts.json, read once per build. */
export function shiftsEvent(ctx: Pick<ServerContext, "liveDir">): () => Promise<ShiftsData> {
  const reader = readOutput(BUILD_OUTPUTS.shifts, ctx.liveDir);
  return reader.load;
}

/** A shift's start and end instants from its day and "HH:MM" times in `zone`; an end at or before the start is the next day's. */
export function shiftTimes(day: string, start: string, end: string, zone: string): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(zonedIso(day, start, zone));
  let endsAt = new Date(zonedIso(day, end, zone));
  if (endsAt <= startsAt) {
    const next = new Date(`${day}T12:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    endsAt = new Date(zonedIso(next.toISOString().slice(0, 10), end, zone));
  }
  return { startsAt, endsAt };
}

/** An instant as the answers give it: ISO 8601 with the event zone's offset. */
export const inZone = (at: Date | string, zone: string) => isoInZone(at, zone);

/** The day ("2024-10-24") an instant falls on in `zone`. */
export const dayIn = (at: Date | string, zone: string) => isoInZone(at, zone).slice(0, 10);
