/**
 * What the door page says (issue 43), as plain functions so the words are tested once: the verdict's headline
 * and the conflicts the server found. Times are the phone's clock time (the phone is at the venue), 24 h.
 */
import type { CheckIn, DoorConflict } from "./protocol";
import type { Verdict } from "./verdict";

const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
export const clock = (iso: string) => TIME.format(new Date(iso));
const where = (c: CheckIn) => `${c.door} at ${clock(c.at)}`;

export function headline(v: Verdict): string {
  switch (v.kind) {
    case "admitted":
      return v.name ? `Welcome, ${v.name} · ${v.plan} (${v.position} of ${v.of})` : `Welcome · ${v.plan}`;
    case "already":
      return `Already checked in ${clock(v.first.at)} at ${v.first.door}`;
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

export function conflictText(c: DoorConflict): string {
  const who = c.name || `Ticket ${c.code.slice(0, 6)}…`;
  return `${who} was admitted at ${where(c.first)}, and also at ${c.later.map(where).join(", ")}: conflict.`;
}
