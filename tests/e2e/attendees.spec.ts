/**
 * Issue 42, item 5, in the one Orders list since issue 61 (the Attendees tab is gone): on a phone. The Day Pass sells out through the fake card
 * provider, someone joins its waiting list and confirms by the mailed link; an organiser sees the counts,
 * finds an order, resends its tickets and cancels it: the provider is asked for the refund and the freed seat
 * is offered to the waiting list (its mail arrives). Against a production server of its own (+160) with its
 * own embedded database, the fake provider and a fake mail server (+161).
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import type { FakeStripe } from "../fixtures/fake-stripe";
import { ORGANISER } from "./admin-accounts";
import { startBoxOfficeSite, type BoxOfficeSite } from "./box-office-site";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import type { FakeSmtp, SiteServer } from "./forms-delivery.helpers";

// A sign-in costs a deliberately slow scrypt, and ten purchases go through the fake provider first.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

const PORT = Number(process.env.E2E_PORT ?? 4174) + 160;
const SECRET = "whsec_e2e_attendees";
let shop: BoxOfficeSite;
let site: SiteServer;
let fake: FakeStripe;
let smtp: FakeSmtp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startBoxOfficeSite("attendees", PORT, SECRET);
  ({ site, fake, smtp } = shop);
});
test.afterAll(() => shop?.stop());

const post = (path: string, body: Record<string, string>, form = false) =>
  fetch(`${site.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json", origin: site.url },
    body: form ? new URLSearchParams(body).toString() : JSON.stringify(body),
  });

/** A mail's text as sent (quoted-printable undone). */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
async function mailTo(to: string, subject: RegExp, count = 1): Promise<string> {
  await expect
    .poll(() => smtp.mails.filter((m) => m.to.includes(to) && subject.test(textOf(m.raw))).length)
    .toBeGreaterThanOrEqual(count);
  return textOf(smtp.mails.filter((m) => m.to.includes(to) && subject.test(textOf(m.raw))).at(-1)!.raw);
}

/** Buys ten Day Passes through the fake provider: the checkout, the payment, the signed webhook. */
async function buyTen(name: string, email: string) {
  const res = await post("/api/tickets/buy", {
    name,
    email,
    phone: "+1 555 0100",
    quantity: "10",
    plan: "day-pass",
    terms: "on",
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const session = fake.created.at(-1)!;
  fake.pay(session.id, { email, name });
  expect((await fake.sendCompleted(site.url, session.id, SECRET)).status).toBe(200);
}

async function signIn(page: Page) {
  // The old address of the Attendees tab opens the one Orders list.
  await page.goto(`${site.url}/admin?tab=attendees`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
}

test("counts, a search, a resend and a cancel that offers the seat to the waiting list, on a phone", async ({
  page,
  problems,
}) => {
  // The Day Pass (100 people, 10 an order) sells out; then someone joins its waiting list and confirms.
  await buyTen("Grace Hopper", "grace@example.org");
  for (let i = 2; i <= 10; i++) await buyTen(`Buyer ${i}`, `buyer-${i}@example.org`);
  expect(
    (await post("/api/tickets/waitlist", { plan: "day-pass", quantity: "1", email: "wendy@example.org" })).status,
  ).toBe(201);
  const confirm = /\/api\/tickets\/waitlist\/confirm\?token=([\w-]+)/.exec(
    await mailTo("wendy@example.org", /waitlist\/confirm/),
  )!;
  expect((await post("/api/tickets/waitlist/confirm", { token: confirm[1]! }, true)).status).toBe(200);

  await signIn(page);
  const areas = page.getByRole("navigation", { name: "Organisers' areas" });
  // Its group's link is current.
  await expect(areas.getByRole("link", { name: "Box office" })).toHaveAttribute("aria-current", /.+/);
  const tops = await Promise.all(
    (await areas.getByRole("link").all()).map(async (l) => Math.round((await l.boundingBox())!.y)),
  );
  expect(new Set(tops).size).toBeLessThanOrEqual(2);

  // The counts: the Day Pass sold out, one person waiting.
  const tab = page.getByRole("region", { name: "Orders", exact: true });
  const dayPass = tab
    .getByRole("table", { name: "Seats per plan (people)" })
    .getByRole("row")
    .filter({ hasText: "Day Pass" });
  await expect(dayPass.getByRole("cell")).toHaveText(["100", "0", "Sold out", "1"]);

  // A search: the results' heading takes the focus.
  await tab.getByLabel("Find an order").fill("grace");
  await tab.getByRole("button", { name: "Show orders" }).click();
  const results = tab.getByRole("heading", { name: "1 order found" });
  await expect(results).toBeFocused();
  const orders = tab.getByRole("list", { name: "Ticket orders" });
  await expect(orders.getByRole("listitem")).toHaveCount(1);
  await expect(orders).toContainText("Grace Hopper");
  await expect(orders).toContainText("10 tickets");
  await orders.getByRole("button", { name: /^TNCC-T\d{6}: Grace Hopper$/ }).click();
  const order = tab.getByRole("article", { name: /^Order TNCC-T\d{6}$/ });
  const reference = (await order.getByRole("heading", { level: 3 }).innerText()).replace("Order ", "");
  await expect(order.getByRole("list", { name: `Tickets of ${reference}` }).getByRole("listitem")).toHaveCount(10);

  // Resend: the message takes the focus, and the mail arrives again.
  await order.getByRole("button", { name: "Resend the tickets" }).click();
  const said = order.getByRole("status");
  await expect(said).toHaveText(`The tickets of ${reference} were sent again to grace@example.org.`);
  await expect(said).toBeFocused();
  await mailTo("grace@example.org", new RegExp(`Your tickets: ${reference}`), 2);

  // Cancel, after a confirm step: refunded through the provider, the freed seat offered to the waiting list.
  await order.getByRole("button", { name: "Cancel the order" }).click();
  const ask = page.getByRole("alertdialog");
  await expect(ask).toContainText(`Cancel ${reference} of Grace Hopper?`);
  await expect(ask.getByRole("button", { name: `Cancel ${reference}` })).toBeFocused();
  await ask.getByRole("button", { name: `Cancel ${reference}` }).click();
  await expect(said).toHaveText(
    `${reference} is cancelled and the buyer is told by e-mail. The refund of 359.90 USD was asked of the card provider. The freed 10 seats went to the first person on the waiting list.`,
  );
  await expect(said).toBeFocused();
  expect(fake.refunds).toHaveLength(1);
  await expect(dayPass.getByRole("cell")).toHaveText(["90", "1", "9", "1"]);
  await mailTo("wendy@example.org", /good news from the waiting list/);
  await mailTo("grace@example.org", new RegExp(`Your order ${reference} was cancelled`));

  await expectNoAxeViolations(page);
  mkdirSync("/tmp/shots", { recursive: true });
  await page.screenshot({ path: "/tmp/shots/attendees-412.png", fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  // The organisers' home counts the seats sold and who waits.
  await areas.getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("region", { name: "Tickets sold" })).toContainText(
    "90 of 800 seats, 1 person on the waiting list.",
  );
  // Before the sign-in, the session check answers 401, which Chromium logs as a failed resource.
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});
