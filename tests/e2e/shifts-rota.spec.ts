/**
 * Issue 66, items 4 and 5: the organisers' Rota. Seeded by SQL (two roles, two places, three shifts on the first
 * day, four volunteers, two of the shifts a person short). The Rota at 412 px (a list per place) and at 1280 px
 * (places by time), each screenshot taken and axe clean; with the browser's clock on the event's first day at
 * 08:15, a volunteer with no arrival is shown late; a stand-in found by name and put on the short shift; the CSV
 * downloaded and read. Against the production build served in this process with an embedded database of its
 * own, on E2E_PORT + 340 (desktop project only: both widths are in the one test).
 */
import type { Server } from "node:http";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { createApp } from "../../server/app";
import { upsertAdmin } from "../../server/admin/accounts/queries";
import { openDatabase, type Database } from "../../server/db/client";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";

// A sign-in costs a deliberately slow scrypt: answers may take longer than 5 s on a busy machine.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });

const BUILD = path.resolve("build");
let server: Server | undefined;
let database: Database | undefined;
let dataDir: string;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = Number(process.env.E2E_PORT ?? 4174) + 340;
  origin = `http://127.0.0.1:${port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), "tncc-rota-"));
  database = await openDatabase({ dataDir });
  const db = database.db;
  await upsertAdmin(db, ORGANISER.email, ORGANISER.password, false, ORGANISER.name);
  const people = [
    ["ruth@tncc.example.org", "Ruth Bell"],
    ["sam@tncc.example.org", "Sam Okafor"],
    ["joy@tncc.example.org", "Joy Adeyemi"],
    ["peter@tncc.example.org", "Peter Mensah"],
  ];
  for (const [email, name] of people) {
    await upsertAdmin(db, email!, "a volunteer's password", false, name);
    await db.execute(sql`UPDATE admins SET role = 'volunteer' WHERE email = ${email!}`);
  }
  await db.execute(sql`
    INSERT INTO volunteer_roles (name, description) VALUES ('Door', 'Checks tickets in'), ('Welcome desk', 'Greets')`);
  await db.execute(sql`INSERT INTO volunteer_places (name, door) VALUES ('Door 1', 'Door 1'), ('Main desk', NULL)`);
  await db.execute(sql`
    INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
    SELECT p.id, r.id, t.s::timestamptz, t.e::timestamptz, t.n FROM (VALUES
      ('Door 1', 'Door', '2024-10-24T08:00:00-05:00', '2024-10-24T12:00:00-05:00', 2),
      ('Main desk', 'Welcome desk', '2024-10-24T09:00:00-05:00', '2024-10-24T13:00:00-05:00', 2),
      ('Door 1', 'Door', '2024-10-24T13:00:00-05:00', '2024-10-24T17:00:00-05:00', 1)) AS t(place, role, s, e, n)
    JOIN volunteer_places p ON p.name = t.place JOIN volunteer_roles r ON r.name = t.role`);
  const on = (email: string, place: string, start: string, arrived: string | null) =>
    db.execute(sql`
      INSERT INTO shift_signups (shift_id, admin_id, arrived_at)
      SELECT s.id, a.id, ${arrived}::timestamptz FROM shifts s JOIN volunteer_places p ON p.id = s.place_id, admins a
      WHERE p.name = ${place} AND s.starts_at = ${start}::timestamptz AND a.email = ${email}`);
  await on("ruth@tncc.example.org", "Door 1", "2024-10-24T08:00:00-05:00", "2024-10-24T07:55:00-05:00");
  await on("sam@tncc.example.org", "Door 1", "2024-10-24T08:00:00-05:00", null);
  await on("joy@tncc.example.org", "Main desk", "2024-10-24T09:00:00-05:00", null);
  await db.execute(sql`
    INSERT INTO volunteer_role_choices (admin_id, role_id)
    SELECT a.id, r.id FROM admins a, volunteer_roles r WHERE a.email = 'peter@tncc.example.org' AND r.name = 'Welcome desk'`);
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

test("the Rota: a list per place at 412 px, the grid at 1280 px, late shown, a stand-in put on, the CSV", async ({
  page,
  problems,
}) => {
  // The browser's clock on the event's first day, a quarter past eight in Chicago.
  await page.clock.setFixedTime(new Date("2024-10-24T08:15:00-05:00"));
  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto(`${origin}/admin?tab=rota`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();

  // On now: Sam has not arrived at Door 1 ten minutes after the start: late, in words.
  const onNow = page.getByRole("region", { name: "On now" });
  await expect(onNow).toContainText("Door 1");
  await expect(onNow.getByText("1 late")).toBeVisible();
  await expect(onNow.getByRole("listitem").filter({ hasText: "Sam Okafor" })).toContainText("Late: not here yet");
  await expect(onNow.getByRole("listitem").filter({ hasText: "Ruth Bell" }).first()).toContainText(
    "✓ here since 07:55",
  );

  // The phone's list per place: the short shift says so in words.
  const mainDesk = page.getByRole("region", { name: "Main desk" });
  await expect(mainDesk.getByText("09:00–13:00")).toBeVisible();
  await expect(mainDesk.getByText("1 short")).toBeVisible();
  const door1 = page.getByRole("region", { name: "Door 1", exact: true });
  await expect(door1.getByText("1 short")).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "docs/screenshots/rota-412.png", fullPage: true });

  // A stand-in for the Main desk, found by name, free then, put on.
  await mainDesk.getByText("09:00–13:00").click();
  await mainDesk.getByText("Find a stand-in").click();
  await mainDesk.getByLabel("Name or e-mail address").fill("Peter");
  await mainDesk.getByRole("button", { name: "Search" }).click();
  await expect(mainDesk.getByText("Found 1")).toBeFocused();
  await expect(mainDesk.getByText("Does Welcome desk")).toBeVisible();
  await expect(mainDesk.getByText("Free then")).toBeVisible();
  await mainDesk.getByRole("button", { name: "Put Peter Mensah on this shift" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Peter Mensah is on this shift now" })).toBeFocused();
  await expect(mainDesk.getByText("1 short")).toHaveCount(0);
  await expect(mainDesk.getByText("2/2")).toBeVisible();

  // At 1280 px: the places by time, the gap (Door 1 in the afternoon) in words; a cell opens its shift.
  await page.setViewportSize({ width: 1280, height: 900 });
  const grid = page.getByRole("region", { name: "The day's shifts by place and time" });
  await expect(grid.getByRole("button")).toHaveCount(3);
  const afternoon = grid.getByRole("button", { name: /Door\s*13:00–17:00/ });
  await expect(afternoon).toContainText("0/1 · 1 short");
  await expect(grid.getByRole("button", { name: /Welcome desk/ })).toContainText("2/2 · full");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "docs/screenshots/rota-1280.png", fullPage: true });
  await afternoon.click();
  const picked = page.getByRole("region", { name: /Door 1: Door 13:00–17:00/ });
  await expect(picked).toContainText("Nobody is on this shift yet.");
  await expect(picked.getByRole("link", { name: "Message Door volunteers" })).toHaveAttribute(
    "href",
    /tab=announcements&audience=shift-role%3A\d+/,
  );

  // The CSV: a row per shift, each person with arrival.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tncc-rota-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await download.path())!, "utf8"))
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toMatch(/^day,start,end,place,role,needed,filled,short,person 1,person 1 arrived at/);
  expect(lines.slice(1)).toEqual([
    "2024-10-24,08:00,12:00,Door 1,Door,2,2,0,Ruth Bell,07:55,,Sam Okafor,,",
    "2024-10-24,09:00,13:00,Main desk,Welcome desk,2,2,0,Joy Adeyemi,,,Peter Mensah,,",
    "2024-10-24,13:00,17:00,Door 1,Door,1,0,1",
  ]);
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});
