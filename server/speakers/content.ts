/**
 * A speaker as the content has them (issue 63), read from the editor's working copy: their file
 * (speakers/NN-name.md) and their sessions in the day files, each file with the git blob id it had; and the
 * texts a speaker's accepted edit writes (comments and the other fields kept). Loaded on first use: it needs
 * the build's yaml package, as the editor does (server/content/index.ts).
 */
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { isDocument, parse, parseDocument } from "yaml";
import { changeSummary, type SessionChange } from "../../app/lib/schedule/changes";
import { eventDay } from "../../app/lib/schedule/changes";
import { zonedIso } from "../../app/lib/schedule/zoned-time";
import { splitFrontMatter } from "../../app/lib/front-matter";
import type { OwnSession, SpeakerEdit } from "../../app/forms/speaker-page";
import { blobId } from "../git";

export interface SpeakerFile {
  rel: string;
  text: string;
  id: number;
  profile: SpeakerEdit["profile"];
  /** Relative to public/images. */
  photo: string;
}

interface DaySession {
  number: number;
  speaker?: number;
  title: string;
  start: string;
  end?: string | null;
  text: string;
  status?: "cancelled" | "moved";
  changes?: { date: string; from?: { date: string; start: string }; note?: string }[];
}

export interface SpeakerContent {
  file: SpeakerFile;
  sessions: (OwnSession & { rel: string })[];
  /** Each file's blob id now: what an edit is based on. */
  bases: Record<string, string>;
}

/** The bio as the speaker writes it: the file's text without the organisers' HTML comments (placeholders). */
const bioOf = (body: string) => body.replace(/<!--[\s\S]*?-->/g, "").trim();

async function readRel(dir: string, rel: string) {
  return readFile(path.join(dir, ...rel.split("/")), "utf8");
}

/** Every speaker file of the content, by id. */
export async function speakerFiles(dir: string): Promise<SpeakerFile[]> {
  const names = (await readdir(path.join(dir, "speakers")).catch(() => [])).filter((n) => n.endsWith(".md")).sort();
  const out: SpeakerFile[] = [];
  for (const name of names) {
    const rel = `speakers/${name}`;
    const text = await readRel(dir, rel);
    const parts = splitFrontMatter(text);
    const data = (parts ? parse(parts.yaml) : null) as Record<string, unknown> | null;
    if (!parts || !data || typeof data.id !== "number") continue;
    out.push({
      rel,
      text,
      id: data.id,
      photo: String(data.photo ?? ""),
      profile: {
        name: String(data.name ?? ""),
        designation: String(data.designation ?? ""),
        bio: bioOf(parts.body),
        social: Array.isArray(data.social)
          ? (data.social as { network?: unknown; url?: unknown }[]).map((s) => ({
              network: String(s.network ?? ""),
              url: String(s.url ?? ""),
            }))
          : [],
      },
    });
  }
  return out;
}

/** The speaker's file and sessions (day, time and changes on the event's clock); null when no file has that id. */
export async function speakerContent(
  dir: string,
  speakerId: number,
  timeZone: string,
  place: string,
): Promise<SpeakerContent | null> {
  const file = (await speakerFiles(dir)).find((s) => s.id === speakerId);
  if (!file) return null;
  const bases: Record<string, string> = { [file.rel]: blobId(file.text) };
  const sessions: SpeakerContent["sessions"] = [];
  const days = (await readdir(path.join(dir, "schedule")).catch(() => [])).filter((n) => /\.ya?ml$/.test(n)).sort();
  for (const name of days) {
    const rel = `schedule/${name}`;
    const text = await readRel(dir, rel);
    const day = parse(text) as { date?: string; sessions?: DaySession[] } | null;
    const date = String(day?.date ?? "");
    const own = (day?.sessions ?? []).filter((s) => s.speaker === speakerId);
    if (!own.length) continue;
    bases[rel] = blobId(text);
    for (const s of own) {
      const changes: SessionChange[] = (s.changes ?? []).map((c, i, all) => ({
        date: String(c.date),
        kind: s.status === "cancelled" && i === all.length - 1 && !c.from ? "cancelled" : c.from ? "moved" : "changed",
        ...(c.from ? { fromStartsAt: zonedIso(String(c.from.date), c.from.start, timeZone) } : {}),
        ...(c.note ? { note: c.note } : {}),
      }));
      sessions.push({
        rel,
        number: s.number,
        title: s.title,
        date,
        day: eventDay(date),
        time: s.end ? `${s.start} – ${s.end}` : s.start,
        place,
        text: String(s.text ?? "").trim(),
        ...(s.status ? { status: s.status } : {}),
        changed: s.status === "cancelled" && !changes.length ? "Cancelled" : changeSummary(changes),
      });
    }
  }
  return { file, sessions, bases };
}

/**
 * The files an accepted edit writes, each with its new text (only those it changes): the speaker's file with
 * their profile (and `photo`, the new picture's path, when one was uploaded), each day file with their
 * sessions' texts. Comments, order and every other field are kept.
 */
export function editedTexts(
  found: SpeakerContent,
  dayTexts: Record<string, string>,
  edit: SpeakerEdit,
  photo: string | null,
): Record<string, string> {
  const out: Record<string, string> = {};
  const { file } = found;
  const parts = splitFrontMatter(file.text)!;
  const head = parseDocument(parts.yaml);
  const p = edit.profile;
  head.set("name", p.name);
  head.set("designation", p.designation);
  if (photo) head.set("photo", photo);
  head.set("social", p.social.length ? p.social : []);
  const kept = parts.body.match(/^\s*(<!--[\s\S]*?-->\s*)*/)?.[0] ?? "";
  // An organisers' placeholder comment goes once the speaker wrote their own bio.
  const lead = /PLACEHOLDER/.test(kept) ? "\n" : kept || "\n";
  const text = `---\n${head.toString().trimEnd()}\n---\n${lead}${p.bio.trim()}\n`;
  if (text !== file.text) out[file.rel] = text;
  for (const [rel, dayText] of Object.entries(dayTexts)) {
    const doc = parseDocument(dayText);
    if (!isDocument(doc)) continue;
    const list = (doc.toJS() as { sessions?: DaySession[] }).sessions ?? [];
    let changed = false;
    list.forEach((s, i) => {
      const mine = edit.sessions.find((e) => e.number === s.number);
      if (!mine || s.speaker !== file.id || String(s.text ?? "").trim() === mine.text.trim()) return;
      doc.setIn(["sessions", i, "text"], mine.text.trim());
      changed = true;
    });
    if (changed) out[rel] = doc.toString();
  }
  return out;
}

/** The event's time zone and place (site.yaml), which a speaker's sessions are told in. */
export async function eventFacts(dir: string): Promise<{ timeZone: string; place: string }> {
  const site = (parse(await readRel(dir, "site.yaml").catch(() => "")) ?? {}) as {
    timeZone?: string;
    venue?: { name?: string };
  };
  return { timeZone: site.timeZone ?? "UTC", place: site.venue?.name ?? "" };
}

/** The day files' texts now (an accept writes them): those the speaker's sessions are in. */
export async function dayTexts(dir: string, found: SpeakerContent): Promise<Record<string, string>> {
  const rels = [...new Set(found.sessions.map((s) => s.rel))];
  return Object.fromEntries(await Promise.all(rels.map(async (rel) => [rel, await readRel(dir, rel)] as const)));
}
