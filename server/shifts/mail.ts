/**
 * The words of the volunteers' mails (issue 66): reminders, a shift's new time, a gap offered, and the
 * organisers' notice of a removed volunteer's freed shifts. Plain words; days and times on the event's clock.
 */
import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import type { MailDraft } from "../mail/queries";
import { VOLUNTEER_PAGE } from "../../app/forms/shifts";

export interface ShiftWords {
  place: string;
  role: string;
  startsAt: Date;
  endsAt: Date;
}

/** A name or a place on one line (no control characters: they could start a paragraph of their own). */
const oneLine = (text: string) => text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();

const zoneName = (at: Date, zone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "short" })
    .formatToParts(at)
    .find((p) => p.type === "timeZoneName")?.value ?? zone;

const dayOf = (at: Date, zone: string) => format(new TZDate(at.getTime(), zone), "EEEE d MMMM yyyy");
export const timeOf = (at: Date, zone: string) => format(new TZDate(at.getTime(), zone), "HH:mm");

/** "Thursday 24 October 2024, 08:00 to 12:00 (CDT)"; a shift crossing midnight names its end's day too. */
export function shiftWhen(shift: Pick<ShiftWords, "startsAt" | "endsAt">, zone: string): string {
  const { startsAt, endsAt } = shift;
  const startDay = dayOf(startsAt, zone);
  const endDay = dayOf(endsAt, zone);
  const end = endDay === startDay ? timeOf(endsAt, zone) : `${endDay}, ${timeOf(endsAt, zone)}`;
  return `${startDay}, ${timeOf(startsAt, zone)} to ${end} (${zoneName(startsAt, zone)})`;
}

/** "Door at Door 1" */
export const shiftWhat = (shift: Pick<ShiftWords, "place" | "role">) =>
  `${oneLine(shift.role)} at ${oneLine(shift.place)}`;

/** The volunteer's page: a link from SITE_URL, or words when it is unset (never the request's Host). */
function pageLine(siteUrl: string | undefined, withLink: string, without: string) {
  const site = (siteUrl ?? "").replace(/\/+$/, "");
  return site ? `${withLink}: ${site}${VOLUNTEER_PAGE}` : without;
}

function shiftBlock(shift: ShiftWords, zone: string, location: string) {
  return [`  ${shiftWhat(shift)}`, `  ${shiftWhen(shift, zone)}`, ...(location ? [`  ${oneLine(location)}`] : [])];
}

export interface Reader {
  to: string;
  name: string;
}

interface MailContext {
  zone: string;
  location: string;
  siteUrl?: string;
}

export function reminderMail(
  kind: "evening" | "hour",
  who: Reader,
  shift: ShiftWords,
  { zone, location, siteUrl }: MailContext,
): MailDraft {
  const start = timeOf(shift.startsAt, zone);
  return {
    to: who.to,
    subject:
      kind === "evening" ? `Tomorrow at ${start}: ${shiftWhat(shift)}` : `In an hour, at ${start}: ${shiftWhat(shift)}`,
    body: [
      `Hello ${oneLine(who.name)},`,
      "",
      kind === "evening" ? "A reminder of your shift tomorrow:" : "Your shift starts in an hour:",
      "",
      ...shiftBlock(shift, zone, location),
      "",
      pageLine(
        siteUrl,
        `When you arrive, tap "I'm here" on your page`,
        `When you arrive, tap "I'm here" on your volunteer page on the website.`,
      ),
      "",
      "If you cannot come after all, please tell an organiser as soon as you can.",
      "",
      "Thank you for serving!",
    ].join("\n"),
  };
}

export function movedMail(who: Reader, shift: ShiftWords, { zone, location, siteUrl }: MailContext): MailDraft {
  return {
    to: who.to,
    subject: `New time for your shift: ${shiftWhat(shift)}, ${format(new TZDate(shift.startsAt.getTime(), zone), "EEEE d MMMM")} at ${timeOf(shift.startsAt, zone)}`,
    body: [
      `Hello ${oneLine(who.name)},`,
      "",
      "The organisers changed the time of one of your shifts. It is now:",
      "",
      ...shiftBlock(shift, zone, location),
      "",
      "You are still on it, and your reminders follow the new time.",
      pageLine(
        siteUrl,
        "If you cannot come then, see your shifts on your page, or tell an organiser",
        "If you cannot come then, see your shifts on your volunteer page on the website, or tell an organiser.",
      ),
      "",
      "Thank you for serving!",
    ].join("\n"),
  };
}

export function gapMail(
  who: Reader,
  shift: ShiftWords & { missing: number },
  { zone, location, siteUrl }: MailContext,
): MailDraft {
  const people = shift.missing === 1 ? "one more person" : `${shift.missing} more people`;
  return {
    to: who.to,
    subject: `Can you help? ${shiftWhat(shift)}, ${format(new TZDate(shift.startsAt.getTime(), zone), "EEEE d MMMM")} at ${timeOf(shift.startsAt, zone)}`,
    body: [
      `Hello ${oneLine(who.name)},`,
      "",
      `This shift still needs ${people}, and you said you will do ${oneLine(shift.role)}:`,
      "",
      ...shiftBlock(shift, zone, location),
      "",
      "You are free then, as far as we know. It is first come, first served:",
      pageLine(siteUrl, "sign up on your page", "sign up on your volunteer page on the website."),
      "",
      "If it is full when you look, thank you all the same: there is nothing else to do.",
    ].join("\n"),
  };
}

/** To the organisers: a removed volunteer's shifts are free again. */
export function freedMail(
  to: string,
  removed: string,
  shifts: (ShiftWords & { filled: number; needed: number })[],
  zone: string,
  siteUrl: string | undefined,
): MailDraft {
  const site = (siteUrl ?? "").replace(/\/+$/, "");
  const n = shifts.length;
  return {
    to,
    subject: `${oneLine(removed)} was removed: ${n === 1 ? "1 shift needs" : `${n} shifts need`} someone`,
    body: [
      "Hello,",
      "",
      `${oneLine(removed)}'s account was removed, so ${n === 1 ? "this shift is" : "these shifts are"} one person short now:`,
      "",
      ...shifts.map((s) => `- ${shiftWhat(s)}, ${shiftWhen(s, zone)}: ${s.filled} of ${s.needed} people`),
      "",
      site ? `Find a stand-in on the Rota: ${site}/admin?tab=rota` : "Find a stand-in on the Rota (People, Rota).",
    ].join("\n"),
  };
}
