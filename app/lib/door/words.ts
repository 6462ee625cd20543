/**
 * What the door page says (issue 43), as plain functions so the words are tested once: the verdict's headline
 * and the conflicts the server found. Times are told one way everywhere the door shows one (issue 53): 24 h
 * ("21:54"), in the event's time zone (site.yaml, sent with the list) or, without it, the phone's (the phone is at
 * the venue).
 */
import type { CheckIn, DoorConflict } from "./protocol";
import type { Verdict } from "./verdict";

const formats = new Map<string, Intl.DateTimeFormat>();
function format(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? "";
  let f = formats.get(key);
  if (!f) {
    const options = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } as const;
    try {
      f = new Intl.DateTimeFormat("en-GB", zone ? { ...options, timeZone: zone } : options);
    } catch {
      // A zone this browser does not know: the phone's own.
      f = new Intl.DateTimeFormat("en-GB", options);
    }
    formats.set(key, f);
  }
  return f;
}

/** "21:54" in `zone` (the event's), else in the phone's time zone. */
export const clock = (iso: string, zone?: string) => format(zone).format(new Date(iso));
const where = (c: CheckIn, zone?: string) => `${c.door} at ${clock(c.at, zone)}`;

/** "Checked in 21:54 at Door 2 by Dora": a ticket's admission, in the door's and the Attendees tab's details. */
export const checkedInText = (c: CheckIn, zone?: string) =>
  `Checked in ${clock(c.at, zone)} at ${c.door}${c.by ? ` by ${c.by}` : ""}`;

/**
 * "Already in · 21:54 · Door 2 · Dora": a found ticket admitted before, said in its card where the volunteer's
 * thumb is, instead of an "Admit" button (issue 62). `by` is absent for a removed account.
 */
export const alreadyInText = (c: CheckIn, zone?: string) =>
  ["Already in", clock(c.at, zone), c.door, c.by].filter(Boolean).join(" · ");

/** "Admitted · 21:54 · Door 2": the card of a ticket this phone has just let in (issue 62). */
export const admittedText = (c: CheckIn, zone?: string) => `Admitted · ${clock(c.at, zone)} · ${c.door}`;

export function headline(v: Verdict, zone?: string): string {
  switch (v.kind) {
    case "admitted":
      return v.name ? `Welcome, ${v.name} · ${v.plan} (${v.position} of ${v.of})` : `Welcome · ${v.plan}`;
    case "already":
      return `Already checked in ${clock(v.first.at, zone)} at ${v.first.door}`;
    case "cancelled":
      return "Cancelled";
    case "foreign":
      return "Not a ticket for this event";
  }
}

/** The line under the headline: who, for a refusal; the warning on a ticket newer than the list. */
export function detail(v: Verdict): string {
  if (v.kind === "admitted") return v.notInList ? "Not in list yet: a valid ticket bought after the last update." : "";
  if (v.kind === "foreign") return "Ask for another ticket, or find the person by name.";
  return v.name ? `${v.name}'s ticket` : "";
}

export function conflictText(c: DoorConflict, zone?: string): string {
  const who = c.name || `Ticket ${c.code.slice(0, 6)}…`;
  const at = (x: CheckIn) => where(x, zone);
  return `${who} was admitted at ${at(c.first)}, and also at ${c.later.map(at).join(", ")}: conflict.`;
}
