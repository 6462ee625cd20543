/**
 * Issue 51: a change to the programme tells everyone, with no bookkeeping by the organiser. The real server on
 * ports of its own (E2E_PORT + 240, its mail server + 241) with a git working copy of the content. Someone keeps an
 * agenda starring two sessions, with alerts by e-mail on. On a 412 px phone the organiser changes only a session's
 * start (and, a typo fix, another's), opens Publish: it names the move and who is told; they tick "Don't
 * announce" for the typo fix and publish. Then /changes, the session's and the schedule's marks, /schedule.ics's
 * SEQUENCE and one alert mail follow; the typo fix makes none. A session taken out is offered back; taken out
 * again and published, it shows cancelled, struck through. Last, the server is killed (SIGKILL) between making a
 * build live and queueing its alerts: after a restart the change is on /changes and its alert goes once.
 * Issue 63: the speakers of the moved sessions have addresses (speaker_contacts, as the invite screen leaves them):
 * Publish names them beside the attendees told, each gets one mail with the old and new time, the typo fix's
 * speaker none, and the killed publish's speaker theirs once after the restart.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { attachDatabase } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { secretHash } from "../../server/secret";
import { mailText, startFakeSmtp, type FakeSmtp } from "../fixtures/fake-smtp";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 240;
const MAIL_PORT = PORT + 1;
/** A build takes 15 s alone, a minute or more while the other browser tests run beside it. */
const BUILD_TIMEOUT = 240_000;
const expect = baseExpect.configure({ timeout: 20_000 });
const SUBSCRIBER = "ruth@example.org";
/** Day 01's sessions (content/schedule/day-01.yaml): number, title, start. */
const MOVED = { number: 3, id: 3, title: "The Grace of Salvation" };
const TYPO = { number: 4, title: "Healing That Reaches the Heart" };
const REMOVED = { number: 5, title: "Welcome Evening & Fellowship" };
const CRASHED = { number: 2, title: "Opening Worship" };
/** The speakers of MOVED, TYPO and CRASHED (content/speakers/), by id, with the addresses they were invited at. */
const SPEAKERS = {
  moved: { id: 3, name: "Ruth Mensah", email: "ruth.mensah@speakers.example.org" },
  typo: { id: 5, name: "Esther Boateng", email: "esther@speakers.example.org" },
  crashed: { id: 2, name: "Samuel Okafor", email: "samuel@speakers.example.org" },
};

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

let dir: string;
let contentDir: string;
let dataDir: string;
let site: SiteServer;
/** Each server this file started, in order, so a failed test's report carries what they printed. */
const servers: SiteServer[] = [];
let smtp: FakeSmtp;

const git = (...args: string[]) =>
  execFileSync("git", ["-C", path.join(dir, "repo"), ...args], { encoding: "utf8" }).trim();

/** An organiser's save: the day file changed and committed in their name, as the editor does. */
async function save(from: string | RegExp, to: string) {
  const file = path.join(contentDir, "schedule", "day-01.yaml");
  const text = await readFile(file, "utf8");
  const next = text.replace(from, to);
  expect(next, `day-01.yaml should contain ${String(from)}`).not.toBe(text);
  await writeFile(file, next);
  git("-c", "user.name=Grace Mensah", "-c", `user.email=${ORGANISER.email}`, "commit", "--quiet", "-am", "Edit");
}

const env = () => ({
  DATA_DIR: dataDir,
  CONTENT_DIR: contentDir,
  PUBLISH_POLL_MS: "500",
  SITE_URL: `http://127.0.0.1:${PORT}`,
  SMTP_URL: smtp.url,
  MAIL_FROM: "TNCC <info@tncc.example.org>",
});

const alertMails = () => smtp.received.filter((m) => m.to.includes(SUBSCRIBER)).map((m) => mailText(m.raw));
const speakerMails = (to: string) => smtp.received.filter((m) => m.to.includes(to)).map((m) => mailText(m.raw));

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = await mkdtemp(path.join(tmpdir(), "tncc-programme-"));
  contentDir = path.join(dir, "repo", "content");
  dataDir = path.join(dir, "data");
  await cp("content", contentDir, { recursive: true });
  await mkdir(path.join(dir, "repo", "public", "images", "blog"), { recursive: true });
  await writeFile(path.join(dir, "repo", "public", "images", "blog", ".keep"), "");
  git("init", "--quiet", "--initial-branch=main");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content as deployed");
  smtp = await startFakeSmtp(MAIL_PORT);
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", "Grace Mensah"], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, ...env() },
    stdio: ["pipe", "ignore", "inherit"],
  });
  servers.push((site = await startSite(PORT, env())));
  // Someone keeps an agenda starring the sessions that will move, with alerts by e-mail on (made as
  // server/agenda and server/alerts make them; their own pages are tested in agenda-sync and alerts specs).
  const database = await attachDatabase({ dataDir });
  try {
    const [agenda] = rowsOf<{ id: number }>(
      await database.db.execute(
        sql`INSERT INTO agendas (secret_hash) VALUES (${secretHash("ruths-agenda")}) RETURNING id`,
      ),
    );
    for (const number of [MOVED.number, TYPO.number, CRASHED.number])
      await database.db.execute(
        sql`INSERT INTO agenda_stars (agenda_id, session_number, starred, changed_at) VALUES (${agenda!.id}, ${number}, true, now())`,
      );
    await database.db.execute(sql`
      INSERT INTO alert_subscriptions (agenda_id, email, token_hash, status, confirmed_at)
      VALUES (${agenda!.id}, ${SUBSCRIBER}, ${secretHash("ruths-alerts")}, 'confirmed', now())`);
    for (const speaker of Object.values(SPEAKERS))
      await database.db.execute(sql`
        INSERT INTO speaker_contacts (speaker_id, email, invited_by)
        VALUES (${speaker.id}, ${speaker.email}, ${ORGANISER.email})`);
  } finally {
    await database.close();
  }
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status === testInfo.expectedStatus) return;
  for (const [i, s] of servers.entries()) await testInfo.attach(`server ${i + 1} output`, { body: s.output() });
});

test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  await rm(dir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${site.url}/admin?tab=publish`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "What goes live" })).toBeVisible();
}

const panel = (page: Page) => page.getByRole("region", { name: "Publish" });

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish the saved changes" }).click();
  await expect(panel(page).getByRole("status")).toHaveText(/Published|failed/, { timeout: BUILD_TIMEOUT });
  expect(await panel(page).getByRole("alert").allTextContents(), "the build should not fail").toEqual([]);
}

/** One VEVENT of /schedule.ics, unfolded. */
async function calendarEvent(number: number): Promise<string> {
  const ics = (await (await fetch(`${site.url}/schedule.ics`)).text()).replace(/\r?\n[ \t]/g, "");
  return ics.split("BEGIN:VEVENT").find((e) => e.includes(`UID:session-${number}@`)) ?? "";
}

test("the organiser changes a start, sees it named with its audience, publishes: everyone is told, the typo fix is not", async ({
  page,
}) => {
  test.setTimeout(BUILD_TIMEOUT + 120_000);
  await save('    start: "10:30"\n    end: "12:00"', '    start: "11:00"\n    end: "12:00"');
  await save('    start: "13:30"\n    end: "15:00"', '    start: "13:45"\n    end: "15:00"');
  expect((await calendarEvent(MOVED.number)).match(/SEQUENCE:(\d+)/)?.[1]).toBe("0");
  // A visitor on this phone starred it in their agenda.
  await page.goto(`${site.url}/schedule`);
  await ready(page);
  const star = page.getByRole("button", { name: `My agenda: ${MOVED.title}` });
  await star.click();
  await expect(star).toHaveAttribute("aria-pressed", "true");

  await signIn(page);
  const changes = page.getByRole("list", { name: "Programme changes" }).getByRole("listitem");
  const move = changes.filter({ hasText: MOVED.title });
  await expect(move).toContainText(`${MOVED.title} moves from Thu 24 Oct 10:30 to 11:00`);
  await expect(move).toContainText(`1 person starred it: 1 gets an e-mail, and the speaker, ${SPEAKERS.moved.name}.`);
  const typo = changes.filter({ hasText: TYPO.title });
  await expect(typo).toContainText(`${TYPO.title} moves from Thu 24 Oct 13:30 to 13:45`);
  await expect(typo).toContainText(`and the speaker, ${SPEAKERS.typo.name}`);
  await typo.getByRole("checkbox", { name: "Don’t announce (a typo fix)" }).check();
  await expect(move.getByRole("checkbox", { name: "Don’t announce (a typo fix)" })).not.toBeChecked();
  await expectNoAxeViolations(page);
  await publish(page);
  // Recorded in the day file as the organiser's own commit.
  expect(git("log", "-1", "--format=%an: %s")).toBe(`Grace Mensah: Programme changes announced: ${MOVED.title}`);

  await page.goto(`${site.url}/changes`);
  await ready(page);
  const listed = page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem");
  await expect(listed).toHaveCount(1);
  await expect(listed.first()).toContainText(MOVED.title);
  await expect(listed.first()).toContainText("From Thu 24 Oct 10:30 to Thu 24 Oct 11:00");
  await page.goto(`${site.url}/event-detail/1/${MOVED.id}`);
  await ready(page);
  await expect(page.locator("main [data-change=moved]")).toContainText("Moved from Thu 24 Oct 10:30");
  await page.goto(`${site.url}/schedule`);
  await ready(page);
  await expect(page.locator("main [data-change=moved]").first()).toBeVisible();
  await page.goto(`${site.url}/agenda`);
  await ready(page);
  await expect(
    page.locator("li[data-session]").filter({ hasText: MOVED.title }).locator("[data-change=moved]"),
  ).toContainText("Moved from Thu 24 Oct 10:30");
  expect((await calendarEvent(MOVED.number)).match(/SEQUENCE:(\d+)/)?.[1]).toBe("1");
  expect((await calendarEvent(TYPO.number)).match(/SEQUENCE:(\d+)/)?.[1]).toBe("0");

  await expect.poll(() => alertMails().length, { timeout: 30_000 }).toBe(1);
  expect(alertMails()[0]).toContain(MOVED.title);
  expect(alertMails()[0]).not.toContain(TYPO.title);
  // The moved session's speaker: one mail, with the old and the new time; the typo fix's speaker: none.
  await expect.poll(() => speakerMails(SPEAKERS.moved.email).length, { timeout: 30_000 }).toBe(1);
  const told = speakerMails(SPEAKERS.moved.email)[0]!;
  expect(told).toContain(`Hello ${SPEAKERS.moved.name},`);
  expect(told).toContain("Was: Thu 24 Oct 10:30 to 12:00");
  expect(told).toContain("Now: Thu 24 Oct 11:00 to 12:00");
  expect(speakerMails(SPEAKERS.typo.email)).toEqual([]);
});

test("a session taken out is offered back; taken out and published anyway, it shows cancelled and struck through", async ({
  page,
}) => {
  test.setTimeout(BUILD_TIMEOUT + 120_000);
  const day = path.join(contentDir, "schedule", "day-01.yaml");
  const whole = await readFile(day, "utf8");
  const takeOut = async () => {
    const text = await readFile(day, "utf8");
    const start = text.indexOf("  - id: 5\n");
    expect(start).toBeGreaterThan(0);
    const end = text.indexOf("  - id:", start + 1);
    await save(text.slice(start, end < 0 ? undefined : end), "");
  };
  await takeOut();
  await signIn(page);
  const removed = page
    .getByRole("list", { name: "Programme changes" })
    .getByRole("listitem")
    .filter({ hasText: REMOVED.title });
  await expect(removed).toContainText(`${REMOVED.title} (Thu 24 Oct 16:00) was taken out of the programme`);
  await expectNoAxeViolations(page);
  await removed.getByRole("button", { name: `Put ${REMOVED.title} back` }).click();
  await expect(page.getByText(`${REMOVED.title} is back in the programme, as it is live.`)).toBeVisible();
  await expect(removed).toHaveCount(0);
  expect(await readFile(day, "utf8")).toContain(`title: ${REMOVED.title}`);
  expect(whole).toContain(`title: ${REMOVED.title}`);

  await takeOut();
  await page.reload();
  await ready(page);
  await expect(removed).toBeVisible();
  await publish(page);
  await page.goto(`${site.url}/schedule`);
  await ready(page);
  await expect(page.locator("main [data-change=cancelled]").first()).toBeVisible();
  // The title itself struck through (change-mark.tsx cancelledTitle).
  const title = page.locator("main .line-through", { hasText: REMOVED.title }).first();
  await expect(title).toBeVisible();
  expect(await title.evaluate((e) => getComputedStyle(e).textDecorationLine)).toContain("line-through");
  expect(await calendarEvent(REMOVED.number)).toContain("STATUS:CANCELLED");
});

test("killed between going live and queueing the alerts: after a restart the change is listed and its alert goes once", async ({
  page,
}) => {
  test.setTimeout(BUILD_TIMEOUT + 420_000);
  await site.stop();
  servers.push((site = await startSite(PORT, { ...env(), PUBLISH_KILL_AFTER_SWITCH: "1" })));
  await save('    start: "09:00"\n    end: "10:00"', '    start: "09:15"\n    end: "10:00"');
  await signIn(page);
  await expect(
    page.getByRole("list", { name: "Programme changes" }).getByRole("listitem").filter({ hasText: CRASHED.title }),
  ).toContainText(`${CRASHED.title} moves from Thu 24 Oct 09:00 to 09:15`);
  const before = alertMails().length;
  await page.getByRole("button", { name: "Publish the saved changes" }).click();
  // The server kills itself right after the switch.
  await expect.poll(() => site.process.exitCode ?? site.process.signalCode, { timeout: BUILD_TIMEOUT }).toBe("SIGKILL");
  servers.push((site = await startSite(PORT, env())));
  await page.goto(`${site.url}/changes`);
  await ready(page);
  await expect(
    page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem").filter({ hasText: CRASHED.title }),
  ).toContainText("From Thu 24 Oct 09:00 to Thu 24 Oct 09:15");
  // A job the killed server had begun (the alerts, the mail) waits for the rescue job (server/jobs/), at start or on
  // the minute, then for its retry's backoff, then the outbox sends: over a minute and a half on a busy machine
  // (seen with two suites at once), so three minutes at most (a limit on waiting, never a goal).
  await expect.poll(() => alertMails().length, { timeout: 180_000 }).toBe(before + 1);
  expect(alertMails().at(-1)).toContain(CRASHED.title);
  // Its speaker is told too, after the restart (issue 63).
  await expect.poll(() => speakerMails(SPEAKERS.crashed.email).length, { timeout: 180_000 }).toBe(1);
  expect(speakerMails(SPEAKERS.crashed.email)[0]).toContain("Now: Thu 24 Oct 09:15 to 10:00");
  // Once: a second restart owes nothing, and the alerts record one for that session and sequence.
  await site.stop();
  servers.push((site = await startSite(PORT, env())));
  const database = await attachDatabase({ dataDir });
  try {
    const sent = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM mail_queue WHERE to_addr = ${SUBSCRIBER} AND body LIKE ${`%${CRASHED.title}%`}`,
      ),
    );
    expect(sent[0]!.n).toBe(1);
    const toSpeaker = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM mail_queue WHERE to_addr = ${SPEAKERS.crashed.email}`,
      ),
    );
    expect(toSpeaker[0]!.n).toBe(1);
    // The moved session's speaker was never mailed again by the later publishes.
    expect(speakerMails(SPEAKERS.moved.email)).toHaveLength(1);
  } finally {
    await database.close();
  }
});
