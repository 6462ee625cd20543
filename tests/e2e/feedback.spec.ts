/**
 * Issue 63, item 3: an attendee rates a session on the phone, 5 minutes before it ends, offline at the venue;
 * the rating is kept on the phone and arrives when the network comes back. Before the form opens it says when
 * it opens, after the days of feedback that it has closed. The pages' clock is Playwright's, the server's the
 * test's own (the same moments): served in this process (createApp over the built site) with an embedded
 * database of its own, on E2E_PORT + 300 (the phone project's + 301), whose ratings the test counts directly. The service worker stays
 * blocked (playwright.config.ts): offline here is the network's.
 */
import type { Server } from "node:http";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { createApp } from "../../server/app";
import { openDatabase, type Database } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { expect, expectNoAxeViolations, ready, test } from "./fixtures";

/** The desktop project's server on E2E_PORT + 300, the phone project's on + 301: both projects run at once. */
let PORT: number;
let ORIGIN: string;
/** "Morning Praise" (session 6): Fri 25 Oct 2024, 09:00–10:00 in Dallas (UTC-5). */
const SESSION = "/event-detail/2/1";
const at = (iso: string) => Date.parse(iso);

let server: Server | undefined;
let database: Database | undefined;
let dataDir: string;
let serverNow = at("2024-10-25T09:40:00-05:00");

const ratings = async () =>
  rowsOf<{ stars: number; comment: string | null }>(
    await database!.db.execute(sql`SELECT stars, comment FROM session_ratings WHERE session_number = 6`),
  );

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  PORT = Number(process.env.E2E_PORT ?? 4174) + (test.info().project.name === "phone" ? 301 : 300);
  ORIGIN = `http://127.0.0.1:${PORT}`;
  const buildDir = path.resolve("build");
  dataDir = await mkdtemp(path.join(tmpdir(), "tncc-e2e-feedback-"));
  database = await openDatabase({ dataDir });
  const app = createApp({
    root: path.join(buildDir, "client"),
    headersFile: path.join(buildDir, BUILD_OUTPUTS.headers.file),
    siteUrl: ORIGIN,
    database,
    now: () => serverNow,
    log: () => {},
  });
  server = serve({ fetch: app.fetch, port: PORT, hostname: "127.0.0.1" }) as Server;
  await once(server, "listening");
});

test.afterAll(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test("@phone rated offline 5 minutes before the end, the rating arrives back online; changed later", async ({
  page,
  context,
  problems,
}) => {
  await page.clock.install({ time: new Date(serverNow) });
  await page.goto(`${ORIGIN}${SESSION}`);
  await ready(page);
  const form = page.getByRole("region", { name: "Rate this session" });
  await expect(form).toContainText("Rating opens Fri 25 Oct at 09:50.");
  await expect(form.getByRole("button", { name: "Send" })).toHaveCount(0);

  // 09:55, five minutes before the session ends: the form is open, without a reload.
  serverNow = at("2024-10-25T09:55:00-05:00");
  await page.clock.fastForward("15:00");
  await expect(form.getByRole("radio")).toHaveCount(5);
  await expectNoAxeViolations(page);

  await context.setOffline(true);
  // The stars by keyboard: the first radio focused, arrows move along the group.
  await form.getByRole("radio", { name: "1 · Poor" }).focus();
  await page.keyboard.press("Space");
  for (let i = 0; i < 4; i++) await page.keyboard.press("ArrowRight");
  await expect(form.getByRole("radio", { name: "5 · Excellent" })).toBeChecked();
  await form.getByLabel("Comment (optional)").fill("Lovely singing.\nThank you!");
  await form.getByRole("button", { name: "Send" }).click();
  const status = form.getByRole("status");
  await expect(status).toHaveText(
    "You gave it 5 of 5 (Excellent). Saved on this phone; it will be sent when you are back online.",
  );
  await expect(status).toBeFocused();
  expect(await ratings()).toEqual([]);

  await context.setOffline(false);
  await expect(status).toHaveText("You gave it 5 of 5 (Excellent). Sent. Thank you!");
  expect(await ratings()).toEqual([{ stars: 5, comment: "Lovely singing.\nThank you!" }]);

  // Changed: the same phone's rating replaces its first one.
  await form.getByRole("button", { name: "Change my rating" }).click();
  await expect(form.getByRole("radio", { name: "5 · Excellent" })).toBeFocused();
  await form.getByRole("radio", { name: "4 · Very good" }).check();
  await form.getByRole("button", { name: "Send" }).click();
  await expect(status).toHaveText("You gave it 4 of 5 (Very good). Sent. Thank you!");
  expect(await ratings()).toEqual([{ stars: 4, comment: "Lovely singing.\nThank you!" }]);

  // In /agenda too, for the session kept there.
  // (Starred as the star button keeps it: the star itself is agenda.spec.ts's.)
  await page.evaluate(() => localStorage.setItem("myAgenda", "[6]"));
  await page.goto(`${ORIGIN}/agenda`);
  await ready(page);
  const kept = page.locator("li[data-session='6']").getByRole("region", { name: "Rate this session" });
  await expect(kept.getByRole("status")).toHaveText("You gave it 4 of 5 (Very good). Sent. Thank you!");
  // The rating's own request while offline is the one failure expected.
  expect(problems.filter((p) => !p.includes("net::ERR_INTERNET_DISCONNECTED"))).toEqual([]);
});

test("@phone after the days of feedback the form says it has closed, and the server refuses too", async ({
  page,
  request,
}) => {
  serverNow = at("2024-11-11T09:00:00-06:00");
  await page.clock.install({ time: new Date(serverNow) });
  await page.goto(`${ORIGIN}${SESSION}`);
  await ready(page);
  const form = page.getByRole("region", { name: "Rate this session" });
  await expect(form).toContainText("Rating this session has closed.");
  await expect(form.getByRole("radio")).toHaveCount(0);
  const refused = await request.post(`${ORIGIN}/api/feedback/6`, {
    data: { rater: "a-phone-that-tries-anyway-123", stars: 5 },
    headers: { origin: ORIGIN },
  });
  expect(refused.status()).toBe(410);
  expect(await ratings()).toHaveLength(1);
});
