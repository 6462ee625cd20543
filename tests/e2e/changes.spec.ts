/**
 * Issue 33: when the programme changes, everyone sees it. The site is built a second time from a changed
 * programme (tests/fixtures/changed-schedule.ts: one session moved, one cancelled) and served beside the
 * usual build on a port of its own; tests that "deploy" the change serve the usual build first, then the
 * changed one on the same origin (so the browser's storage and offline copy carry over).
 */
import type { Server } from "node:http";
import path from "node:path";
import type { Page } from "@playwright/test";
import ICAL from "ical.js";
import { buildChangedSite, CANCELLED, MOVED } from "../fixtures/changed-schedule";
import { serveBuild, stopServer } from "../fixtures/serve-build";
import { expect, expectNoAxeViolations, ready, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 80;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const USUAL = path.resolve("build/client");
let changed: string;
let server: Server | undefined;

/** Serves `clientDir` at ORIGIN, in place of whatever was served there. */
async function deploy(clientDir: string) {
  if (server) await stopServer(server);
  server = await serveBuild(clientDir, PORT);
}

// One build of the changed site for the whole file, and one server port: the tests run one after another.
test.describe.configure({ mode: "serial" });
test.beforeAll(async () => {
  test.setTimeout(240_000);
  changed = path.join(await buildChangedSite(), "client");
});
test.afterAll(async () => {
  if (server) await stopServer(server);
});

const row = (page: Page, title: string) => page.getByRole("listitem").filter({ hasText: title });

test("the marks show on the schedule, the session pages and the speakers' pages", async ({ page, problems }) => {
  await deploy(changed);
  await page.goto(`${ORIGIN}/schedule`);
  await ready(page);
  const moved = row(page, MOVED.title);
  await expect(moved.locator("[data-change=moved]")).toHaveText(
    `New time Moved from ${MOVED.fromText}, changed 20 Oct`,
  );
  await expect(moved).toContainText(`${MOVED.start} to 13:15`);
  const cancelled = row(page, CANCELLED.title);
  await expect(cancelled.locator("[data-change=cancelled]")).toHaveText("Cancelled on 21 Oct");
  // Struck through, still listed and linked.
  await expect(cancelled.getByRole("link", { name: CANCELLED.title })).toBeVisible();
  expect(
    await cancelled
      .getByRole("link", { name: CANCELLED.title })
      .evaluate((link) => getComputedStyle(link).textDecorationLine),
  ).toContain("line-through");
  // An unchanged session has no mark.
  await expect(row(page, "Opening Worship").locator("[data-change]")).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(`${ORIGIN}/event-detail/${MOVED.dayId}/${MOVED.id}`);
  await ready(page);
  await expect(page.locator("main [data-change=moved]")).toContainText(`Moved from ${MOVED.fromText}`);
  await expect(page.locator("main")).toContainText(`${MOVED.start} to 13:15`);
  await page.goto(`${ORIGIN}/event-detail/${CANCELLED.dayId}/${CANCELLED.id}`);
  await ready(page);
  await expect(page.locator("main [data-change=cancelled]")).toHaveText("Cancelled on 21 Oct");

  await page.goto(`${ORIGIN}/speakers-detail/${MOVED.speakerId}`);
  await ready(page);
  await expect(row(page, MOVED.title).locator("[data-change=moved]")).toContainText(`Moved from ${MOVED.fromText}`);
  await page.goto(`${ORIGIN}/speakers-detail/${CANCELLED.speakerId}`);
  await ready(page);
  await expect(row(page, CANCELLED.title).locator("[data-change=cancelled]")).toBeVisible();
  expect(problems).toEqual([]);
});

test("/changes lists both changes, newest first, linked, in its feed, the sitemap and the search", async ({
  page,
  request,
  problems,
}) => {
  await deploy(changed);
  await page.goto(`${ORIGIN}/changes`);
  await ready(page);
  const items = page.getByRole("list", { name: "Changes, newest first" }).getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(CANCELLED.title);
  await expect(items.nth(0)).toContainText("Cancelled on 21 Oct");
  await expect(items.nth(1)).toContainText(`From ${MOVED.fromText} to Thu 24 Oct ${MOVED.start}`);
  await expectNoAxeViolations(page);
  await items.nth(1).getByRole("link", { name: MOVED.title }).click();
  await expect(page).toHaveURL(`${ORIGIN}/event-detail/${MOVED.dayId}/${MOVED.id}`);

  const feed = await (await request.get(`${ORIGIN}/changes/feed.xml`)).text();
  expect(feed.match(/<entry>/g)).toHaveLength(2);
  expect(feed).toContain(`${MOVED.title}: Moved from ${MOVED.fromText} (changed 20 Oct)`);
  expect(await (await request.get(`${ORIGIN}/sitemap.xml`)).text()).toContain("/changes</loc>");
  const search = (await (await request.get(`${ORIGIN}/search-index.json`)).json()) as { path?: string; url?: string }[];
  expect(JSON.stringify(search)).toContain('"/changes"');
  expect(problems).toEqual([]);
});

test("the calendars served by the changed site keep each session's UID and say what changed", async ({ request }) => {
  await deploy(USUAL);
  const before = await (await request.get(`${ORIGIN}/schedule.ics`)).text();
  await deploy(changed);
  const after = await (await request.get(`${ORIGIN}/schedule.ics`)).text();
  const single = await (await request.get(`${ORIGIN}/calendar/${MOVED.dayId}-${MOVED.id}.ics`)).text();
  const read = (ics: string, number: number) => {
    const vevent = new ICAL.Component(ICAL.parse(ics))
      .getAllSubcomponents("vevent")
      .find((e) => e.getFirstPropertyValue("uid") === `session-${number}@tncc.example.org`);
    if (!vevent) throw new Error(`no session ${number} in the calendar`);
    const event = new ICAL.Event(vevent);
    return {
      sequence: event.sequence,
      start: event.startDate.toUnixTime(),
      status: vevent.getFirstPropertyValue("status"),
    };
  };
  expect(read(after, MOVED.number).sequence).toBeGreaterThan(read(before, MOVED.number).sequence);
  expect(read(after, MOVED.number).start).toBe(Date.parse(`2024-10-24T${MOVED.start}:00-05:00`) / 1000);
  expect(read(single, MOVED.number)).toEqual(read(after, MOVED.number));
  expect(read(after, CANCELLED.number).status).toBe("CANCELLED");
});

test("a visitor who starred the moved session is told on /agenda, once", async ({ page, problems }) => {
  await deploy(USUAL);
  await page.goto(`${ORIGIN}/schedule`);
  await ready(page);
  await page.getByRole("button", { name: `My agenda: ${MOVED.title}` }).click();
  await page.getByRole("button", { name: "My agenda: Opening Worship" }).click();
  await page.goto(`${ORIGIN}/agenda`);
  await ready(page);
  await expect(page.locator("[data-session]")).toHaveCount(2);
  await expect(page.locator("[data-changed-notice]")).toHaveCount(0);

  // The programme changes and the site is rebuilt; the visitor comes back.
  await deploy(changed);
  await page.goto(`${ORIGIN}/agenda`);
  await ready(page);
  await expect(page.locator("[data-changed-notice]")).toHaveText(
    "1 of your sessions changed since you last opened your agenda: see the marks below and the list of changes.",
  );
  await expect(page.locator(`[data-session="${MOVED.number}"][data-changed-since]`)).toContainText(
    `Moved from ${MOVED.fromText}`,
  );
  await expect(page.locator("[data-changed-since]")).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Told once: the next visit shows the marks, not the notice.
  await page.reload();
  await ready(page);
  await expect(page.locator(`[data-session="${MOVED.number}"] [data-change=moved]`)).toBeVisible();
  await expect(page.locator("[data-changed-notice]")).toHaveCount(0);
  await expect(page.locator("[data-changed-since]")).toHaveCount(0);
  expect(problems).toEqual([]);
});

test.describe("the offline copy", () => {
  test.use({ serviceWorkers: "allow" });

  test("updates itself when the schedule changes, says so once, and offline tells the copy's date", async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    const activated = () =>
      page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
        timeout: 30_000,
      });
    const updated = page.getByText(/^The schedule was updated/);
    await deploy(USUAL);
    await page.goto(`${ORIGIN}/schedule`);
    await ready(page);
    await activated();
    // The first copy's programme is recorded once the worker is ready.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("scheduleVersion"))).not.toBeNull();
    await expect(row(page, MOVED.title).locator("[data-change]")).toHaveCount(0);

    await deploy(changed);
    // The visitor comes back: the old copy answers at once, the new build's worker takes over and the page
    // shows the new programme with the notice.
    await page.reload();
    await ready(page);
    await expect(updated).toBeVisible({ timeout: 30_000 });
    await expect(row(page, MOVED.title).locator("[data-change=moved]")).toBeVisible();
    const version = await page.evaluate(() => localStorage.getItem("scheduleVersion"));

    // Once: the next visit is served by the new copy and says nothing.
    await page.reload();
    await ready(page);
    await activated();
    await expect(row(page, MOVED.title).locator("[data-change=moved]")).toBeVisible();
    await expect(updated).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("scheduleVersion"))).toBe(version);

    // Offline: the pages still load, and a notice names when this copy was saved.
    await context.setOffline(true);
    await page.reload();
    await ready(page);
    await expect(page.locator("[data-offline-notice]")).toContainText(
      /^You are offline: this is the copy saved on this device on .+\d/,
    );
    await expect(row(page, MOVED.title).locator("[data-change=moved]")).toBeVisible();
    await context.setOffline(false);
  });
});
