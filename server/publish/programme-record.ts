/**
 * Writes the programme changes a publish found (./programme.ts) into the day files, as the changes an organiser
 * used to type (docs/decisions/020-programme-changes.md): a move sets `status: moved` and records where the session
 * was; a cancellation, a new speaker, a new end time or a new session records the day and a note; a session taken
 * out of its day is put back, cancelled, so it stays listed struck through. The YAML's comments and layout are
 * kept (the `yaml` package's documents). Also puts a removed session back as it is live ("Put it back").
 */
import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { isMap, isSeq, parseDocument, Scalar, type Document, type YAMLMap } from "yaml";
import type { ProgrammeChange } from "../../app/api/admin/publish";
import { git } from "../git";
import { changeNote } from "./programme";

const SCHEDULE = "schedule";

interface DayFile {
  rel: string;
  file: string;
  doc: Document;
}

async function dayFiles(contentDir: string): Promise<DayFile[]> {
  const names = (await readdir(path.join(contentDir, SCHEDULE)).catch(() => [] as string[])).filter((n) =>
    /\.ya?ml$/.test(n),
  );
  return Promise.all(
    names.sort().map(async (name) => {
      const file = path.join(contentDir, SCHEDULE, name);
      return { rel: `${SCHEDULE}/${name}`, file, doc: parseDocument(await readFile(file, "utf8")) };
    }),
  );
}

const sessionsOf = (doc: Document) => {
  const list = doc.get("sessions");
  return isSeq(list) ? (list.items.filter(isMap) as YAMLMap[]) : [];
};

function find(days: DayFile[], number: number): { day: DayFile; session: YAMLMap } | null {
  for (const day of days)
    for (const session of sessionsOf(day.doc)) if (Number(session.get("number")) === number) return { day, session };
  return null;
}

const quoted = (value: string) => Object.assign(new Scalar(value), { type: Scalar.QUOTE_DOUBLE });

/** One change entry as the day files write it. */
function entry(doc: Document, change: ProgrammeChange, today: string) {
  const from =
    change.kind === "moved" && change.from && change.to && change.from.startsAt !== change.to.startsAt
      ? { date: change.from.startsAt.slice(0, 10), start: quoted(change.from.startsAt.slice(11, 16)) }
      : undefined;
  const note = changeNote(change);
  return doc.createNode({ date: today, ...(from ? { from } : {}), ...(note ? { note } : {}) });
}

function addChange(doc: Document, session: YAMLMap, node: unknown): void {
  const changes = session.get("changes");
  if (isSeq(changes)) changes.add(node);
  else session.set("changes", doc.createNode([node]));
}

/** The session as the live build's commit had it (its day file's id, and the session's map), or null. */
async function liveSession(
  contentDir: string,
  commit: string,
  number: number,
): Promise<{ dayId: unknown; name: string; session: Record<string, unknown> } | null> {
  const top = await git(contentDir, ["rev-parse", "--show-toplevel"]);
  const prefix = path.relative(top, path.join(contentDir, SCHEDULE)).split(path.sep).join("/");
  const names = (
    await git(contentDir, ["ls-tree", "--full-tree", "--name-only", `${commit}:${prefix}`]).catch(() => "")
  )
    .split("\n")
    .filter((n) => /\.ya?ml$/.test(n));
  for (const name of names) {
    const doc = parseDocument(await git(contentDir, ["show", `${commit}:${prefix}/${name}`], { raw: true }));
    const session = sessionsOf(doc).find((s) => Number(s.get("number")) === number);
    if (session) return { dayId: doc.get("id"), name, session: session.toJSON() as Record<string, unknown> };
  }
  return null;
}

/** Appends a live session to the day it was in (by the day's id, else the file of the same name). */
async function putBack(
  contentDir: string,
  days: DayFile[],
  commit: string,
  number: number,
  edit: (doc: Document, session: YAMLMap) => void,
): Promise<DayFile | null> {
  const was = await liveSession(contentDir, commit, number);
  if (!was) return null;
  const day =
    days.find((d) => String(d.doc.get("id")) === String(was.dayId)) ??
    days.find((d) => d.rel === `${SCHEDULE}/${was.name}`);
  if (!day) return null;
  const node = day.doc.createNode(was.session) as YAMLMap;
  for (const key of ["start", "end"]) {
    const value = node.get(key);
    if (typeof value === "string") node.set(key, quoted(value));
  }
  edit(day.doc, node);
  const list = day.doc.get("sessions");
  if (isSeq(list)) list.add(node);
  return day;
}

/**
 * Records `changes` in the day files under `contentDir` (the day `today`, YYYY-MM-DD in the event's zone);
 * `liveCommit`: the content commit of the live build, where a removed session is found. Answers the files written.
 */
export async function recordChanges(
  contentDir: string,
  changes: readonly ProgrammeChange[],
  today: string,
  liveCommit: string | null,
): Promise<string[]> {
  const days = await dayFiles(contentDir);
  const touched = new Set<DayFile>();
  for (const change of changes) {
    if (change.kind === "removed") {
      if (!liveCommit) continue;
      const day = await putBack(contentDir, days, liveCommit, change.number, (doc, session) => {
        session.set("status", "cancelled");
        addChange(doc, session, doc.createNode({ date: today }));
      });
      if (day) touched.add(day);
      continue;
    }
    const found = find(days, change.number);
    if (!found) continue;
    const { day, session } = found;
    if (change.kind === "moved" && session.get("status") !== "cancelled" && changeNote(change) === undefined)
      session.set("status", "moved");
    addChange(day.doc, session, entry(day.doc, change, today));
    touched.add(day);
  }
  for (const day of touched) await writeFile(day.file, day.doc.toString({ lineWidth: 100 }));
  return [...touched].map((d) => d.file);
}

/** Puts a session taken out of the programme back into its day, as the live build has it. */
export async function restoreSession(contentDir: string, liveCommit: string, number: number): Promise<string | null> {
  const days = await dayFiles(contentDir);
  if (find(days, number)) return null;
  const day = await putBack(contentDir, days, liveCommit, number, () => {});
  if (!day) return null;
  await writeFile(day.file, day.doc.toString({ lineWidth: 100 }));
  return day.file;
}
