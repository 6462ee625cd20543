/**
 * Issue 63: speakers' own page. An organiser invites a speaker (a mail with a private link, only its SHA-256
 * kept), sends it again (the old one stops working) or revokes it; the speaker sees their sessions and profile,
 * sends an edit for review (refused with the field named when it holds HTML, is too long, or its photo is too
 * large); the organiser sees it beside the live text and accepts it (a commit authored as the speaker) or
 * declines it. A link unknown, revoked, or used for another speaker's session: the same 404.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubImageManifest } from "../../app/content/stub-images";
import type { HomeSummary } from "../../app/api/admin/home";
import { IMAGE_MANIFEST } from "../../app/lib/build-outputs";
import * as api from "../../app/api/admin/speakers";
import type { SpeakerReviewAnswer, SpeakersAnswer } from "../../app/api/admin/speakers";
import { LINK_DOES_NOT_WORK, type SpeakerPageAnswer } from "../../app/forms/speaker-page";
import { wrongBodies } from "../../tests/fixtures/contract";
import { createApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { freshPostgres } from "../../tests/fixtures/fresh-postgres";
import { smallestBuild } from "../../tests/fixtures/smallest-build";
import { upsertAdmin } from "../admin/accounts/queries";
import { secretHash } from "../secret";

const SITE = "https://tncc.example.org";
let dir: string;
let repo: string;
let manifest: string;
let database: Database;
let app: Hono;
let cookie = "";
const RUTH = 3;
const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" }).trim();

function admin(method: string, url: string, body?: unknown) {
  return app.request(`http://site.test/api/admin${url}`, {
    method,
    headers: {
      origin: SITE,
      cookie,
      "x-forwarded-for": "10.9.0.1",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const page = (token: string, ip = "10.9.0.2") =>
  app.request(`http://site.test/api/speakers/page/${token}`, { headers: { "x-forwarded-for": ip } });

async function send(token: string, edit: unknown, bases: unknown, photo?: Buffer) {
  const form = new FormData();
  form.set("edit", JSON.stringify(edit));
  form.set("bases", JSON.stringify(bases));
  if (photo) form.set("photo", new File([new Uint8Array(photo)], "me.png", { type: "image/png" }));
  const encoded = new Response(form);
  const type = encoded.headers.get("content-type")!;
  const body = new Uint8Array(await encoded.arrayBuffer());
  return app.request(`http://site.test/api/speakers/page/${token}/edits`, {
    method: "POST",
    headers: {
      origin: SITE,
      "x-forwarded-for": "10.9.0.2",
      "content-type": type,
      "content-length": String(body.byteLength),
    },
    body,
  });
}

const mails = async () =>
  rowsOf<{ to_addr: string; subject: string; body: string }>(
    await database.db.execute(sql`SELECT to_addr, subject, body FROM mail_queue ORDER BY id`),
  );
const tokenIn = (body: string) => /\/speaker-page\/([\w-]{32})/.exec(body)?.[1] ?? "";

async function invite(id: number, email: string) {
  const res = await admin("POST", `/speakers/${id}/invite`, { email });
  expect(res.status, await res.clone().text()).toBe(200);
  return tokenIn((await mails()).at(-1)!.body);
}

const editOf = (p: SpeakerPageAnswer) => ({
  profile: { name: p.speaker.name, designation: p.speaker.designation, bio: p.speaker.bio, social: p.speaker.social },
  sessions: p.sessions.map((s) => ({ number: s.number, text: s.text })),
});

beforeAll(async () => {
  let root: string;
  ({ dir, root } = smallestBuild("tncc-speakers-"));
  repo = path.join(dir, "repo");
  mkdirSync(repo);
  cpSync("content", path.join(repo, "content"), { recursive: true });
  cpSync("public/images/speakers", path.join(repo, "public", "images", "speakers"), { recursive: true });
  git("init", "--quiet");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content as deployed");
  manifest = path.join(dir, path.basename(IMAGE_MANIFEST));
  const images = path.join(repo, "public", "images");
  const writeManifest = async () =>
    writeFileSync(manifest, JSON.stringify({ ...stubImageManifest(), ...stubImageManifest(images) }));
  await writeManifest();
  database = await openDatabase({ dataDir: path.join(dir, "data"), databaseUrl: await freshPostgres("speakers") });
  app = createApp({
    root,
    log: () => {},
    trustProxy: true,
    siteUrl: SITE,
    database,
    forms: {
      organiserEmail: async () => "info@tncc.example.org",
      siteUrl: SITE,
      rateLimit: { limit: 100, windowMs: 1000 },
    },
    admin: {
      canMail: true,
      content: {
        copy: { dir: path.join(repo, "content"), imageManifest: manifest },
        images: { dir: images, afterUpload: writeManifest },
        liveCommit: () => null,
      },
    },
  });
  await upsertAdmin(database.db, "editor@tncc.example.org", "editor password long", false, "Esi Mensah");
  const res = await admin("POST", "/session", { email: "editor@tncc.example.org", password: "editor password long" });
  expect(res.status).toBe(200);
  cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("speakers' own page", { timeout: 60_000 }, () => {
  it("lists the content's speakers by name; an invitation mails a link whose secret is kept only hashed", async () => {
    const list = (await (await admin("GET", "/speakers")).json()) as SpeakersAnswer;
    expect(list.speakers.map((s) => s.name)).toContain("Ruth Mensah");
    const token = await invite(RUTH, "ruth@example.org");
    const mail = (await mails()).at(-1)!;
    expect(mail.to_addr).toBe("ruth@example.org");
    expect(mail.body).toContain(`${SITE}/speaker-page/${token}`);
    const stored = rowsOf<{ secret_hash: string }>(
      await database.db.execute(sql`SELECT secret_hash FROM speaker_links`),
    );
    expect(stored.map((r) => r.secret_hash)).toContain(secretHash(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await page(token);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as SpeakerPageAnswer;
    expect(answer.speaker.name).toBe("Ruth Mensah");
    const healing = answer.sessions.find((s) => s.title === "Evening Prayer for Healing")!;
    expect(healing).toMatchObject({
      day: "Fri 25 Oct",
      time: "16:00 – 17:30",
      place: "Grace Fellowship Convention Hall",
    });
    // How their sessions were rated (issue 63, item 4): their own sessions only; comments once let through.
    const rate = (session: number, rater: string, stars: number, comment: string | null) =>
      database.db.execute(sql`
        INSERT INTO session_ratings (session_number, rater_hash, stars, comment)
        VALUES (${session}, ${rater}, ${stars}, ${comment})`);
    for (const [i, stars] of [4, 5, 5, 4, 5].entries()) await rate(9, `rater-${i}`, stars, i ? null : "Moving");
    await rate(1, "rater-other", 1, "Not theirs");
    const figures = async () => ((await (await page(token)).json()) as SpeakerPageAnswer).feedback;
    expect(answer.feedback.map((f) => f.session)).toContain(9);
    expect((await figures()).find((f) => f.session === 9)).toMatchObject({ ratings: 5, average: 4.6, comments: [] });
    expect((await figures()).some((f) => f.session === 1)).toBe(false);
    await database.db.execute(sql`
      INSERT INTO session_feedback (session_number, comments_to_speaker, changed_by) VALUES (9, true, 'grace@example.org')`);
    expect((await figures()).find((f) => f.session === 9)!.comments).toEqual([{ stars: 4, text: "Moving" }]);
    await database.db.execute(sql`DELETE FROM session_ratings`);
    await database.db.execute(sql`DELETE FROM session_feedback`);
  });

  it("refuses a wrong body with a 400 that names the field, on every Speakers route that takes one", async () => {
    const wrong = wrongBodies(api);
    expect(wrong.map((w) => `${w.method} ${w.path}`)).toEqual(["POST /speakers/1/invite"]);
    for (const w of wrong) {
      const res = await admin(w.method, w.path, w.body);
      expect(res.status, w.path).toBe(400);
      expect(await res.json(), w.path).toEqual({ error: "Please enter the speaker's e-mail address.", field: w.field });
    }
  });

  it("answers a guessed, a revoked link and another speaker's session exactly as an unknown link", async () => {
    const unknown = await page("A".repeat(32));
    const unknownText = await unknown.text();
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknownText)).toEqual({ error: LINK_DOES_NOT_WORK });

    const old = await invite(RUTH, "ruth@example.org");
    const resent = await admin("POST", `/speakers/${RUTH}/resend`);
    expect(resent.status).toBe(200);
    const fresh = tokenIn((await mails()).at(-1)!.body);
    expect((await page(old)).status).toBe(404);
    expect(await (await page(old)).text()).toBe(unknownText);
    expect((await page(fresh)).status).toBe(200);

    // Another speaker's session (Samuel Okafor's Morning Praise, number 6) through Ruth's link.
    const mine = (await (await page(fresh)).json()) as SpeakerPageAnswer;
    const edit = editOf(mine);
    const other = await send(fresh, { ...edit, sessions: [{ number: 6, text: "Mine now" }] }, mine.bases);
    expect(other.status).toBe(404);
    expect(await other.text()).toBe(unknownText);

    expect((await admin("POST", `/speakers/${RUTH}/revoke`)).status).toBe(200);
    expect(await (await page(fresh)).text()).toBe(unknownText);
    const afterRevoke = await send(fresh, edit, mine.bases);
    expect(afterRevoke.status).toBe(404);
    expect(await afterRevoke.text()).toBe(unknownText);
  });

  it("refuses HTML, a field over its length and an oversized photo, naming the field", async () => {
    const token = await invite(RUTH, "ruth@example.org");
    const mine = (await (await page(token)).json()) as SpeakerPageAnswer;
    const edit = editOf(mine);
    const refusal = async (body: unknown, photo?: Buffer) => {
      const res = await send(token, body, mine.bases, photo);
      return { status: res.status, ...((await res.json()) as { error: string; field?: string }) };
    };
    expect(
      await refusal({ ...edit, profile: { ...edit.profile, bio: "Hello <script>alert(1)</script>" } }),
    ).toMatchObject({
      status: 422,
      field: "bio",
      error: expect.stringContaining("Your bio has HTML"),
    });
    expect(await refusal({ ...edit, profile: { ...edit.profile, name: "R".repeat(81) } })).toMatchObject({
      status: 422,
      field: "name",
      error: expect.stringContaining("longer than 80"),
    });
    expect(await refusal({ ...edit, sessions: [{ number: 9, text: "<img src=x onerror=alert(1)>" }] })).toMatchObject({
      status: 422,
      field: "sessions.9.text",
    });
    const huge = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await refusal(edit, huge)).toMatchObject({
      status: 413,
      field: "photo",
      error: expect.stringContaining("16000 × 16000"),
    });
    expect(await refusal(edit, Buffer.alloc(20 * 1024 * 1024, 1))).toMatchObject({ status: 413, field: "photo" });
    expect(rowsOf(await database.db.execute(sql`SELECT id FROM speaker_edits`))).toHaveLength(0);
  });

  it("sends an edit for review, shown beside the live text; accepted, it is the speaker's own commit", async () => {
    const token = await invite(RUTH, "ruth@example.org");
    const mine = (await (await page(token)).json()) as SpeakerPageAnswer;
    const edit = editOf(mine);
    const bio = "Ruth Mensah leads prayer in Accra and Dallas.";
    const photo = await sharp({ create: { width: 400, height: 500, channels: 3, background: "#a33" } })
      .png()
      .toBuffer();
    const res = await send(token, { ...edit, profile: { ...edit.profile, bio } }, mine.bases, photo);
    expect(res.status, await res.clone().text()).toBe(200);

    const list = (await (await admin("GET", "/speakers")).json()) as SpeakersAnswer;
    const row = list.speakers.find((s) => s.id === RUTH)!;
    expect(row.waiting).not.toBeNull();
    // The organisers' home says a change waits.
    expect(((await (await admin("GET", "/home")).json()) as HomeSummary).speakerChanges).toBe(1);
    const review = (await (await admin("GET", `/speakers/edits/${row.waiting!.id}`)).json()) as SpeakerReviewAnswer;
    expect(review.lines).toEqual([{ label: "Bio", live: mine.speaker.bio, proposed: bio }]);
    expect(review.photo?.proposed).toBe(`/api/admin/speakers/edits/${row.waiting!.id}/photo`);
    expect((await admin("GET", review.photo!.proposed.replace("/api/admin", ""))).headers.get("content-type")).toBe(
      "image/png",
    );

    const accepted = await admin("POST", `/speakers/edits/${row.waiting!.id}/accept`);
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const file = readFileSync(path.join(repo, "content", "speakers", "03-ruth-mensah.md"), "utf8");
    expect(file).toContain(bio);
    expect(file).toMatch(/^photo: speakers\/ruth-mensah\.png$/m);
    expect(git("log", "-1", "--format=%an <%ae>")).toBe("Ruth Mensah <ruth@example.org>");
    expect(git("status", "--porcelain")).toBe("");
    expect((await admin("POST", `/speakers/edits/${row.waiting!.id}/accept`)).status).toBe(404);
  });

  it("tells the later save when an organiser saved the same text meanwhile; nothing is lost", async () => {
    const token = await invite(RUTH, "ruth@example.org");
    const mine = (await (await page(token)).json()) as SpeakerPageAnswer;
    const edit = editOf(mine);
    const theirs = {
      ...edit,
      sessions: edit.sessions.map((s) => ({ ...s, text: "Ruth's own words for her session." })),
    };
    expect((await send(token, theirs, mine.bases)).status).toBe(200);
    // An organiser saves the same day file in the editor meanwhile.
    const day = "schedule/day-02.yaml";
    const opened = (await (await admin("GET", `/content/file?path=${day}`)).json()) as { text: string; blob: string };
    const organiserText = opened.text.replace("Pastor Ruth and the prayer team", "Pastor Ruth Mensah and the team");
    expect((await admin("PUT", "/content/file", { path: day, text: organiserText, base: opened.blob })).status).toBe(
      200,
    );

    const id = ((await (await admin("GET", "/speakers")).json()) as SpeakersAnswer).speakers.find((s) => s.id === RUTH)!
      .waiting!.id;
    const later = await admin("POST", `/speakers/edits/${id}/accept`);
    expect(later.status).toBe(409);
    expect(((await later.json()) as { error: string }).error).toContain("neither text is lost");
    expect(readFileSync(path.join(repo, "content", day), "utf8")).toBe(organiserText);
    // The speaker's text is still there to compare.
    const review = (await (await admin("GET", `/speakers/edits/${id}`)).json()) as SpeakerReviewAnswer;
    expect(review.lines.some((l) => l.proposed === "Ruth's own words for her session.")).toBe(true);
    // And a speaker sending on an old version is told too.
    const stale = await send(token, theirs, mine.bases);
    expect(stale.status).toBe(409);
    expect((await admin("POST", `/speakers/edits/${id}/decline`)).status).toBe(200);
  });
});
