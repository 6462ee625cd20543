/**
 * Issue 63, item 4: the organisers' Feedback tab on a 412 px phone. Sessions ranked by their average (none below
 * five ratings: "3 ratings so far"), each rating's spread, comments shown as text, "Hide comments" kept with who
 * and when, and the CSV without the hidden comments. Against the production build served in this process with
 * an embedded database of its own (the ratings inserted as the public form stores them), on E2E_PORT + 310
 * (desktop project) or + 311 (phone project), so both projects can run at once.
 */
import type { Server } from "node:http";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { AgendaSessionsSchema, BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { eventDayTime } from "../../app/lib/schedule/changes";
import { createApp } from "../../server/app";
import { upsertAdmin } from "../../server/admin/accounts/queries";
import { openDatabase, type Database } from "../../server/db/client";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";

// A sign-in costs a deliberately slow scrypt: answers may take longer than 5 s on a busy machine.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

const BUILD = path.resolve("build");
const programme = AgendaSessionsSchema.parse(
  JSON.parse(readFileSync(path.join(BUILD, BUILD_OUTPUTS.agendaSessions.file), "utf8")),
).sessions;
// Three sessions of the real programme: six ratings, five ratings, three ratings with comments.
const [good, fair, few] = [programme[1]!, programme[2]!, programme[3]!];

let server: Server | undefined;
let database: Database | undefined;
let dataDir: string;
let origin: string;

async function rate(session: number, stars: number[], comments: string[] = []) {
  for (const [i, s] of stars.entries())
    await database!.db.execute(sql`
      INSERT INTO session_ratings (session_number, rater_hash, stars, comment)
      VALUES (${session}, ${`e2e-${session}-${i}`}, ${s}, ${comments[i] ?? null})`);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const phone = test.info().project.name === "phone";
  const port = Number(process.env.E2E_PORT ?? 4174) + (phone ? 311 : 310);
  origin = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), "tncc-feedback-"));
  database = await openDatabase({ dataDir });
  await upsertAdmin(database.db, ORGANISER.email, ORGANISER.password, false, ORGANISER.name);
  await rate(good.number, [5, 5, 4, 4, 5, 3]);
  await rate(fair.number, [2, 3, 3, 4, 2]);
  await rate(few.number, [4, 2, 5], ['<img src=x onerror="document.title=1">Great', "=1+1", "Too short"]);
  const app = createApp({
    root: path.join(BUILD, "client"),
    headersFile: path.join(BUILD, BUILD_OUTPUTS.headers.file),
    siteUrl: origin,
    database,
    log: () => {},
    forms: { organiserEmail: async () => "info@tncc.example.org", siteUrl: origin },
  });
  server = serve({ fetch: app.fetch, port, hostname: "127.0.0.1" }) as Server;
  await once(server, "listening");
});

test.afterAll(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test("@phone the Feedback tab ranks sessions, hides a session's comments and leaves them out of the CSV", async ({
  page,
  problems,
}) => {
  await page.goto(`${origin}/admin?tab=feedback`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  const ranked = page.getByRole("list", { name: "Sessions, best rated first" });
  const card = (s: { title: string }) => ranked.getByRole("article", { name: new RegExp(`^${escape(s.title)}`) });
  await expect(card(good)).toBeVisible();
  // Named by title, day and time; ranked by average; three ratings show no average.
  const items = ranked.getByRole("listitem").filter({ has: page.getByRole("article") });
  await expect(items.nth(0)).toContainText(`${good.title}${eventDayTime(good.startsAt)}`);
  await expect(items.nth(0)).toContainText("4.3 from 6 ratings");
  await expect(items.nth(1)).toContainText(fair.title);
  await expect(items.nth(1)).toContainText("2.8 from 5 ratings");
  await expect(items.nth(2)).toContainText(few.title);
  await expect(items.nth(2)).toContainText("3 ratings so far");
  await expect(items.nth(3)).toContainText("No ratings yet");
  // The spread: how many gave each number of stars.
  await expect(card(good).getByRole("list", { name: "Ratings by stars" }).getByRole("listitem")).toHaveText([
    /^5 stars\s*3 ratings$/,
    /^4 stars\s*2 ratings$/,
    /^3 stars\s*1 rating$/,
    /^2 stars\s*0 ratings$/,
    /^1 star\s*0 ratings$/,
  ]);

  // Comments are text: the markup in one shows as typed.
  await card(few).getByText("3 comments").click();
  await expect(card(few).getByText('<img src=x onerror="document.title=1">Great')).toBeVisible();
  await expect(card(few).locator("img")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await card(good).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("feedback-412.png") });

  // Hide the comments: gone from the tab, said so beside the switch, and kept with who and when.
  await card(few).getByRole("checkbox", { name: "Hide comments" }).check();
  await expect(card(few).getByRole("status")).toHaveText("Saved: comments are hidden.");
  await expect(card(few).getByText("3 comments hidden.")).toBeVisible();
  await expect(card(few).getByText("Too short")).toHaveCount(0);
  await page.reload();
  await ready(page);
  await expect(card(few).getByRole("checkbox", { name: "Hide comments" })).toBeChecked();
  await expect(card(few).getByRole("checkbox", { name: "Feedback off" })).not.toBeChecked();
  await expect(card(few)).toContainText(
    new RegExp(`Last changed by ${escape(ORGANISER.name)}, \\w{3} \\d{1,2} \\w{3} \\d{4}, \\d\\d:\\d\\d C[SD]T\\.`),
  );
  // The organiser by the name they gave, never their address (issue 62).
  await expect(page.getByText(ORGANISER.email)).toHaveCount(0);

  // The CSV: one row per rating, the hidden comments left out.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download every rating (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tncc-feedback-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe("session,day,time,stars,comment,rated at (America/Chicago)");
  expect(lines).toHaveLength(1 + 6 + 5 + 3);
  expect(csv).not.toContain("Too short");
  expect(csv).not.toContain("1+1");
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});

function escape(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
