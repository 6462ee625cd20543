/**
 * Issue 42, the visitor's side of the box office: a free registration end to end, its ticket page shown offline,
 * and "N seats left" / "Sold out" from the availability answer. The site is built from a copy of the content
 * in which the Person and Family plans are free registrations with few seats (tests/fixtures/free-plans.ts),
 * and served in this process with a database and a box office of its own, on E2E_PORT + 150, its mail sent to a
 * fake mail server on E2E_PORT + 155. A sold-out plan shows its waiting list (issue 42, items 1 and 4).
 */
import type { Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { once } from "node:events";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { createApp } from "../../server/app";
import { openDatabase, type Database } from "../../server/db/client";
import { startMailer, type Mailer } from "../../server/mail/mailer";
import { createBoxOffice } from "../../server/tickets/box-office";
import { buildFreePlansSite, FREE_PLANS } from "../fixtures/free-plans";
import { expect, expectNoAxeViolations, ready, test } from "./fixtures";
import { FakeSmtp } from "./forms-delivery.helpers";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 150;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let server: Server | undefined;
let database: Database | undefined;
let dataDir: string;
let smtp: FakeSmtp | undefined;
let mailer: Mailer | undefined;

/** The mails one address got, as sent (quoted-printable soft breaks and "=" undone). */
const mailsTo = (to: string) =>
  (smtp?.mails ?? []).filter((m) => m.to.includes(to)).map((m) => m.raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="));

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 }, serviceWorkers: "allow" });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const buildDir = await buildFreePlansSite();
  dataDir = await mkdtemp(path.join(tmpdir(), "tncc-box-office-"));
  database = await openDatabase({ dataDir });
  smtp = new FakeSmtp(PORT + 5);
  await smtp.start();
  mailer = await startMailer({
    db: database.db,
    smtpUrl: `smtp://127.0.0.1:${PORT + 5}`,
    from: "TNCC <info@tncc.example.org>",
    pollMs: 200,
    backoffBaseMs: 200,
    log: () => {},
  });
  const boxOffice = createBoxOffice({
    database,
    buildDir: () => buildDir,
    siteUrl: ORIGIN,
    // Every buyer here comes from 127.0.0.1: the limit of one open hold per address is tested in
    // server/tickets/routes.test.ts, not here.
    openHolds: 100,
    log: () => {},
  });
  const app = createApp({
    root: path.join(buildDir, "client"),
    headersFile: path.join(buildDir, BUILD_OUTPUTS.headers.file),
    siteUrl: ORIGIN,
    database,
    boxOffice,
    log: () => {},
  });
  server = serve({ fetch: app.fetch, port: PORT, hostname: "127.0.0.1" }) as Server;
  await once(server, "listening");
});

test.afterAll(async () => {
  server?.closeAllConnections();
  if (server) await new Promise((resolve) => server!.close(resolve));
  await mailer?.stop();
  await smtp?.stop();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test("a free Family registration: five QR codes, named, and shown again offline", async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto(`${ORIGIN}/buy-ticket?plan=family`);
  await ready(page);
  const plan = page.getByRole("form", { name: "Ticket purchase" }).getByLabel("Plan");
  await expect(plan).toHaveValue("family");
  await expect(plan.locator("option[value=family]")).toHaveText("Family: Free (5 tickets)");
  // The seats on the line under the menu (issue 53: the menu's words fit a phone).
  await expect(plan).toHaveAccessibleDescription(`${FREE_PLANS.family.capacity} seats left`);
  // A free plan is not a payment: no word about payment under the button; a paid one says it plainly.
  await expect(page.getByText(/You pay by bank transfer, cash or cheque/)).toHaveCount(0);
  await plan.selectOption("group");
  await expect(
    page.getByText(
      /^You pay by bank transfer, cash or cheque: once you order, we e-mail you a link to confirm your address/,
    ),
  ).toBeVisible();
  await plan.selectOption("family");
  await page.getByLabel("Name").fill("Ada Lovelace");
  await page.getByLabel("E-mail").fill("ada@example.org");
  await page.getByLabel("Phone number").fill("+1 555 0100");
  await page.getByLabel("Quantity").fill("1");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Buy Ticket" }).click();

  // A free registration's tickets go only to an address that confirms it asked for them (issue 50).
  const answer = page.getByRole("form", { name: "Ticket purchase" }).locator("[data-form-status]");
  await expect(answer).toHaveText(/^Almost done: we sent a link to ada@example\.org\. Open it within 2 hours/);
  await expect(answer).toBeFocused();
  await expect.poll(() => mailsTo("ada@example.org").length, { timeout: 15_000 }).toBe(1);
  const link = new RegExp(`${ORIGIN.replace(/[.]/g, "\\.")}/api/tickets/confirm\\?t=[\\w-]{32}`).exec(
    mailsTo("ada@example.org")[0]!,
  )![0];
  await page.goto(link);
  await page.getByRole("button", { name: "Confirm and get my tickets" }).click();

  await expect(page).toHaveURL(/\/tickets\/[\w-]{32}$/);
  await ready(page);
  await expect(page.getByText(/^TNCC-T\d{6}$/)).toBeVisible();
  const qr = (n: number) => page.getByRole("img", { name: `Ticket ${n} of 5, QR code` });
  for (let n = 1; n <= 5; n++) await expect(qr(n)).toBeVisible();
  // Big enough to scan from a phone held at the door.
  expect((await qr(1).boundingBox())!.width).toBeGreaterThanOrEqual(200);

  const nameField = page.getByLabel("Name on ticket 2 of 5");
  await nameField.fill("Grace Hopper");
  await page.getByRole("button", { name: "Save name" }).nth(1).click();
  await expect(page.getByText("Saved: this ticket is for Grace Hopper.")).toBeVisible();
  await expectNoAxeViolations(page);

  // The worker is in (it registers when the page is idle); then the phone goes offline and the page reloads.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
    timeout: 30_000,
  });
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText("Offline: showing the copy saved on this phone.")).toBeVisible();
  for (let n = 1; n <= 5; n++) await expect(qr(n)).toBeVisible();
  await expect(page.getByLabel("Name on ticket 2 of 5")).toHaveValue("Grace Hopper");
  await context.setOffline(false);
});

test("seats left, then Sold out on /pricing and /buy-ticket once the stock is taken", async ({ page, request }) => {
  await page.goto(`${ORIGIN}/pricing`);
  await ready(page);
  const card = page
    .getByRole("region", { name: "Choose your ticket" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Person" }) });
  await expect(card).toContainText("Free");
  await expect(card.locator("[data-seats]")).toHaveText(`${FREE_PLANS.person.capacity} seats left`);

  // Someone else takes every Person seat.
  const taken = await request.post(`${ORIGIN}/api/tickets/buy`, {
    headers: { Origin: ORIGIN, "Idempotency-Key": "fill-person-seats" },
    data: {
      name: "Early Bird",
      email: "early@example.org",
      phone: "+1 555 0101",
      quantity: String(FREE_PLANS.person.capacity),
      plan: "person",
      terms: "on",
    },
  });
  // Held for the buyer while they confirm their address: taken all the same.
  expect(taken.status()).toBe(202);

  await page.reload();
  await ready(page);
  await expect(card.locator("[data-seats]")).toHaveText("Sold out");
  await expectNoAxeViolations(page);

  // A sold-out plan shows its waiting list instead of the purchase form, without asking to buy first.
  await page.goto(`${ORIGIN}/buy-ticket?plan=person`);
  await ready(page);
  const notice = page.locator("#sold-out");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Sold out: every seat of this plan is taken.");
  await expect(page.getByRole("button", { name: "Buy Ticket" })).toHaveCount(0);
  await expect(notice).not.toBeFocused();
  const waitlist = page.getByRole("form", { name: "Join the waiting list" });
  await expect(waitlist.getByLabel("Plan")).toHaveValue("person");
  await expect(waitlist.getByLabel("Plan").locator("option[value=person]")).toContainText("Sold out");
  await waitlist.getByLabel("Name").fill("Late Comer");
  await waitlist.getByLabel("E-mail").fill("late@example.org");
  await waitlist.getByRole("button", { name: "Join the waiting list" }).click();
  const answer = waitlist.locator("[data-form-status]");
  await expect(answer).toHaveText(/^Almost done: we sent a link to late@example\.org\. Open it to take your place/);
  await expect(answer).toBeFocused();
  await expect(page).toHaveURL(`${ORIGIN}/buy-ticket?plan=person`);
  await expectNoAxeViolations(page);
  // The confirmation mail arrives, with the link that takes the place in line.
  await expect.poll(() => mailsTo("late@example.org").length, { timeout: 15_000 }).toBe(1);
  expect(mailsTo("late@example.org")[0]).toMatch(
    new RegExp(`${ORIGIN.replace(/[.]/g, "\\.")}/api/tickets/waitlist/confirm\\?token=[\\w-]{16,}`),
  );
});

test("a purchase larger than the seats left: the answer, then the waiting list with its quantity", async ({ page }) => {
  // The first test's Family order took 5 of its 10 seats: two Family tickets (10 people) do not fit.
  await page.goto(`${ORIGIN}/buy-ticket?plan=family`);
  await ready(page);
  await page.getByLabel("Name").fill("Big Family");
  await page.getByLabel("E-mail").fill("family@example.org");
  await page.getByLabel("Phone number").fill("+1 555 0103");
  await page.getByLabel("Quantity").fill("2");
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Buy Ticket" }).click();
  const notice = page.locator("#sold-out");
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("Only 5 seats are left for this plan");
  await expect(notice).toBeFocused();
  await expect(page).toHaveURL(`${ORIGIN}/buy-ticket?plan=family`);

  const waitlist = page.getByRole("form", { name: "Join the waiting list" });
  await expect(waitlist.getByLabel("Plan")).toHaveValue("family");
  await expect(waitlist.getByLabel("Quantity")).toHaveValue("2");
  // One Family ticket still fits: the list says so (buy instead), where the eye is.
  await waitlist.getByLabel("E-mail").fill("family@example.org");
  await waitlist.getByLabel("Quantity").fill("1");
  await waitlist.getByRole("button", { name: "Join the waiting list" }).click();
  const answer = waitlist.locator("[data-form-status]");
  await expect(answer).toHaveText(/^There are seats left for this plan \(5\): you can buy them now/);
  await expect(answer).toBeFocused();
  // Two do not: joined.
  await waitlist.getByLabel("E-mail").fill("family@example.org");
  await waitlist.getByLabel("Quantity").fill("2");
  await waitlist.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(answer).toHaveText(/^Almost done: we sent a link to family@example\.org/);
  await expect(answer).toBeFocused();
  await expectNoAxeViolations(page);
  await expect.poll(() => mailsTo("family@example.org").length, { timeout: 15_000 }).toBe(1);
});

test("without JavaScript: the waiting list is posted and its answer shows on the page", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  // Where the box office sends a sold-out purchase posted without JavaScript.
  await page.goto(`${ORIGIN}/buy-ticket?plan=person#sold-out`);
  const waitlist = page.getByRole("form", { name: "Join the waiting list" });
  await waitlist.getByLabel("Plan").selectOption("person");
  await waitlist.getByLabel("E-mail").fill("nojs@example.org");
  await waitlist.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(page).toHaveURL(`${ORIGIN}/buy-ticket?plan=person#sent-waitlist`);
  await expect(page.locator("#sent-waitlist")).toBeVisible();
  await expect(page.locator("#sent-waitlist")).toContainText("Open its link to take your place on the waiting list.");
  await expect.poll(() => mailsTo("nojs@example.org").length, { timeout: 15_000 }).toBe(1);
  await context.close();
});
