/**
 * Issue 53, "pay later" in "done when": with no card provider configured, a paid plan is bought on a phone
 * (412 px); the buyer confirms the address by the mailed link (issue 61); the order's page and the buyer's mail
 * (a fake mail server on loopback) say the reference, the amount and how to pay; the seats are held; the organiser finds the order in the Box office tab on a phone and marks it
 * paid (a wrong field said at the field first); the tickets arrive by mail with QR codes that a QR library here
 * decodes and that verify with the tickets' public key. Issue 61: the one Orders list filtered to the orders
 * waiting for payment, an unpaid order showing its seats and its deadline with the time zone, released from its
 * page; the home's money waiting and its warning about the placeholder instructions. Against a production server
 * of its own (+260) with its own embedded database, and a fake mail server (+261).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import jsQR from "jsqr";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import type { DoorListAnswer } from "../../app/lib/door/protocol";
import type { TicketOrderAnswer } from "../../app/lib/tickets/orders";
import { verifyTicket } from "../../server/tickets/signing";
import { ORGANISER } from "./admin-accounts";
import { content } from "./content";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { FakeSmtp, startSite, type SiteServer } from "./forms-delivery.helpers";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 260;
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });
// A sign-in costs a deliberately slow scrypt.
test.slow();

const plan = content.ticketPlans.plans[0]!;
const BUYER = "pat.later@example.org";
let site: SiteServer;
let smtp: FakeSmtp;
const dataDir = `data/e2e-pay-later-${PORT}-${Date.now().toString(36)}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", ORGANISER.name], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });
  smtp = new FakeSmtp(PORT + 1);
  await smtp.start();
  // No STRIPE_SECRET_KEY: no card provider here.
  site = await startSite(PORT, {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${PORT + 1}`,
    MAIL_POLL_MS: "200",
    MAIL_BACKOFF_MS: "200",
  });
});
test.afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The mails to the buyer whose subject matches, parsed. */
async function mailsTo(subject: RegExp, count = 1) {
  const matching = async () => {
    const parsed = await Promise.all(smtp.mails.filter((m) => m.to.includes(BUYER)).map((m) => simpleParser(m.raw)));
    return parsed.filter((m) => subject.test(m.subject ?? ""));
  };
  await expect.poll(async () => (await matching()).length).toBeGreaterThanOrEqual(count);
  return matching();
}

/** The QR code a PNG shows, read by jsQR (not our code). */
async function decode(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("a paid plan with no card provider: paid later, marked paid on a phone, tickets that verify", async ({
  page,
  problems,
}) => {
  test.setTimeout(180_000);
  // The buyer, on a phone.
  await page.goto(`${site.url}/buy-ticket?plan=${plan.id}`);
  await ready(page);
  await page.getByLabel("Name", { exact: true }).fill("Pat Later");
  await page.getByLabel("E-mail", { exact: true }).fill(BUYER);
  await page.getByLabel("Phone number").fill("+1 214 555 0199");
  await page.getByLabel("Quantity").fill("2");
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole("button", { name: /Buy Ticket/ }).click();

  // First the address, confirmed by the mailed link (issue 61): the seats wait for it a short while only.
  const answer = page.getByRole("form", { name: "Ticket purchase" }).locator("[data-form-status]");
  await expect(answer).toHaveText(
    new RegExp(`^Almost done: we sent a link to ${BUYER.replace(/[.]/g, "\\.")}\\. Open it within 2 hours.*how to pay`),
  );
  const [confirmMail] = await mailsTo(/^Confirm your order/);
  expect(await mailsTo(/please pay/, 0)).toEqual([]);
  // The link's page is the server's plain page, with no icon of its own: Chromium's own ask for /favicon.ico
  // there is no problem of the site's.
  await page.route("**/favicon.ico", (route) => route.fulfill({ status: 204 }));
  await page.goto(`${site.url}${/\/api\/tickets\/confirm\?t=[\w-]{32}/.exec(confirmMail!.text ?? "")![0]}`);
  await page.getByRole("button", { name: "Confirm my order" }).click();

  // The order's page: pending, the reference, the amount, how to pay and by when.
  await expect(page).toHaveURL(/\/tickets\/[\w-]{32}$/);
  const token = page.url().split("/").at(-1)!;
  await expect(
    page.getByRole("status").filter({ hasText: "Your seats are kept until the deadline below" }),
  ).toBeVisible();
  const reference = (
    await page
      .getByRole("definition")
      .getByText(/^TNCC-T\d{6}$/)
      .innerText()
  ).trim();
  const total = `${(plan.price * 2).toFixed(2)} ${content.ticketPlans.currency}`;
  await expect(page.getByText(total, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "How to pay" })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await noSideways(page)).toBeLessThanOrEqual(0);
  mkdirSync("/tmp/shots", { recursive: true });
  await page.screenshot({ path: "/tmp/shots/pay-later-order-412.png", fullPage: true });

  // The buyer's mail once confirmed: the reference, the amount, how to pay, the deadline, the page's link.
  const [howToPay] = await mailsTo(/please pay/);
  expect(howToPay!.subject).toContain(reference);
  expect(howToPay!.text).toContain(`Reference: ${reference}`);
  expect(howToPay!.text).toContain(`Amount to pay: ${total}`);
  expect(howToPay!.text).toContain("How to pay:");
  expect(howToPay!.text).toContain(content.ticketPlans.payLater!.instructions.slice(0, 40));
  expect(howToPay!.text).toMatch(/Pay by: \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} [A-Z]{2,5}/);
  expect(howToPay!.text).toContain(`/tickets/${token}`);
  // The seats are held.
  const seats = (await (await fetch(`${site.url}/api/tickets/availability`)).json()) as {
    plans: Record<string, { left: number }>;
  };
  expect(seats.plans[plan.id]!.left).toBe(plan.capacity - 2 * plan.tickets);

  // The organiser, on a phone: the Box office tab, the order found, marked paid.
  await page.goto(`${site.url}/admin?tab=box-office`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
  const tab = page.getByRole("region", { name: "Orders", exact: true });
  await tab.getByLabel("Find an order").fill(reference);
  await tab.getByLabel("State").selectOption("pending");
  await tab.getByRole("button", { name: "Show orders" }).click();
  await expect(tab.getByRole("heading", { name: "1 order found" })).toBeFocused();
  await tab.getByRole("button", { name: `${reference}: Pat Later` }).click();
  const order = tab.getByRole("article", { name: `Order ${reference}` });
  await expect(order.getByRole("heading", { name: `Order ${reference}` })).toBeFocused();
  await expect(order.getByRole("list", { name: `Timeline of ${reference}` })).toContainText(
    `Mailed how to pay to ${BUYER}`,
  );
  // The amount is there already; forgetting how the money came is said at that field, which takes the focus.
  await expect(order.getByLabel(/Amount received/)).toHaveValue((plan.price * 2).toFixed(2));
  await order.getByRole("button", { name: "Mark paid and send the tickets" }).click();
  const how = order.getByLabel("How it came");
  await expect(how).toBeFocused();
  await expect(how).toHaveAttribute("aria-invalid", "true");
  await expect(order.getByText("Please choose how the money came.")).toBeVisible();
  await how.selectOption("bank-transfer");
  await order.getByRole("button", { name: "Mark paid and send the tickets" }).click();
  const said = order.getByRole("status");
  await expect(said).toHaveText(`Order ${reference} is paid: its 2 tickets were e-mailed to ${BUYER}.`);
  await expect(said).toBeFocused();
  await expect(order.getByRole("list", { name: `Timeline of ${reference}` })).toContainText(
    /Paid: .* by bank transfer/,
  );
  await expectNoAxeViolations(page);
  expect(await noSideways(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/shots/box-office-412.png", fullPage: true });

  // The tickets by mail: a QR code each, decoded here, each verifying with the tickets' public key.
  const [tickets] = await mailsTo(/^Your tickets/);
  const images = tickets!.attachments.filter((a) => a.contentType === "image/png");
  expect(images).toHaveLength(2 * plan.tickets);
  const decoded = (await Promise.all(images.map((a) => decode(a.content)))).sort();
  const list = (await (await page.request.get(`${site.url}/api/admin/door/list`)).json()) as DoorListAnswer;
  for (const text of decoded) expect(verifyTicket(list.publicKey, text!)).not.toBeNull();
  const paid = (await (await fetch(`${site.url}/api/tickets/orders/${token}`)).json()) as TicketOrderAnswer;
  expect(paid.status).toBe("paid");
  expect(decoded).toEqual(paid.tickets.map((t) => t.qr).sort());
  // On the door's list.
  for (const t of paid.tickets) expect(list.attendees.find((a) => a[0] === t.code)?.[6]).toBe("valid");
  // The buyer's page shows them now.
  await page.goto(`${site.url}/tickets/${token}`);
  await ready(page);
  await expect(page.getByRole("img", { name: /QR code/ })).toHaveCount(2 * plan.tickets);
  // Before the sign-in, the session check answers 401, and the field left out above 422: Chromium logs both.
  expect(problems.filter((p) => !/status of (401|422)/.test(p))).toEqual([]);
});

test("orders by hand on a phone: a ticket request turned into a complimentary order, one paid at the door", async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  // A ticket request from before the box office took orders (the inbox's form still takes one).
  const request = await fetch(`${site.url}/api/forms/ticket`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({
      name: "Ruth Request",
      email: "ruth@example.org",
      phone: "+1 214 555 0111",
      quantity: "1",
      plan: plan.id,
      terms: "on",
    }),
  });
  expect(request.status, await request.clone().text()).toBe(201);

  await page.goto(`${site.url}/admin?tab=box-office`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const tab = page.getByRole("region", { name: "Orders", exact: true });
  const requests = tab.getByRole("list", { name: "Ticket requests to turn into orders" });
  await expect(requests).toContainText("Ruth Request");
  await requests.getByRole("button", { name: "Turn into an order for Ruth Request" }).click();
  const form = tab.getByRole("form", { name: "Issue tickets by hand" });
  await expect(form.getByLabel("Plan", { exact: true })).toBeFocused();
  await expect(form.getByLabel("Name on the order")).toHaveValue("Ruth Request");
  await expect(form.getByLabel(/^E-mail/)).toHaveValue("ruth@example.org");
  await form.getByLabel("Complimentary (free)").check();
  await form.getByRole("button", { name: "Issue the tickets" }).click();
  const said = tab.getByRole("status").first();
  await expect(said).toHaveText(/^Order TNCC-T\d{6} issued: its ticket was e-mailed to ruth@example.org\.$/);
  await expect(said).toBeFocused();
  await expect(tab.getByText("No open ticket requests.")).toBeVisible();

  // Paid at the door: the amount forgotten is said at its field, which takes the focus; nothing typed is lost.
  await tab.getByRole("button", { name: "Issue tickets by hand" }).click();
  const door = tab.getByRole("form", { name: "Issue tickets by hand" });
  await door.getByLabel("Name on the order").fill("Dora Door");
  await door.getByLabel(/^E-mail/).fill("dora.door@example.org");
  await door.getByLabel("Names on the tickets").fill("Dora Door");
  await door.getByLabel("Paid at the door").check();
  await door.getByRole("button", { name: "Issue the tickets" }).click();
  const amountField = door.getByLabel("Amount paid");
  await expect(amountField).toBeFocused();
  await expect(amountField).toHaveAttribute("aria-invalid", "true");
  await expect(door.getByText("Please write the amount paid at the door, like 19.00.")).toBeVisible();
  await expect(door.getByLabel("Name on the order")).toHaveValue("Dora Door");
  await amountField.fill(plan.price.toFixed(2));
  await door.getByRole("button", { name: "Issue the tickets" }).click();
  await expect(said).toHaveText(/^Order TNCC-T\d{6} issued: its ticket was e-mailed to dora.door@example.org\.$/);
  await expect(said).toBeFocused();
  // Both among the orders, issued by hand.
  await tab.getByLabel("State").selectOption("manual");
  await tab.getByRole("button", { name: "Show orders" }).click();
  await expect(tab.getByRole("heading", { name: "2 orders found" })).toBeFocused();
  await expect(tab.getByRole("list", { name: "Ticket orders" })).toContainText("Complimentary");
  await expect(tab.getByRole("list", { name: "Ticket orders" })).toContainText("Paid at the door");
  await expectNoAxeViolations(page);
  expect(await noSideways(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/shots/manual-orders-412.png", fullPage: true });
  // The same mail with a QR code, to each.
  for (const to of ["ruth@example.org", "dora.door@example.org"])
    await expect
      .poll(async () => {
        const mails = await Promise.all(smtp.mails.filter((m) => m.to.includes(to)).map((m) => simpleParser(m.raw)));
        return mails.filter((m) => /^Your tickets/.test(m.subject ?? "")).map((m) => m.attachments.length);
      })
      .toEqual([expect.any(Number)]);
  expect(problems.filter((p) => !/status of (401|422)/.test(p))).toEqual([]);
});

test("the one Orders list on a phone: an unpaid order's seats and deadline with its zone, released", async ({
  page,
  problems,
}) => {
  test.setTimeout(120_000);
  const email = "rita.release@example.org";
  const available = async () =>
    (
      (await (await fetch(`${site.url}/api/tickets/availability`)).json()) as {
        plans: Record<string, { left: number }>;
      }
    ).plans[plan.id]!.left;
  const before = await available();
  const bought = await fetch(`${site.url}/api/tickets/buy`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({
      plan: plan.id,
      quantity: "2",
      name: "Rita Release",
      email,
      phone: "+1 214 555 0122",
      terms: "on",
    }),
  });
  expect(bought.status, await bought.clone().text()).toBe(202);
  // The address confirmed by the mailed link (issue 61): only then is the order pending.
  const confirmLink = async () => {
    const parsed = await Promise.all(smtp.mails.filter((m) => m.to.includes(email)).map((m) => simpleParser(m.raw)));
    const mail = parsed.find((m) => /^Confirm your order/.test(m.subject ?? ""));
    return /\/api\/tickets\/confirm\?t=([\w-]{32})/.exec(mail?.text ?? "")?.[1] ?? "";
  };
  await expect.poll(confirmLink).not.toBe("");
  const confirmed = await fetch(`${site.url}/api/tickets/confirm`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: site.url },
    body: `t=${await confirmLink()}`,
    redirect: "manual",
  });
  expect(confirmed.status).toBe(303);
  const seats = `${2 * plan.tickets} seats`;

  await page.goto(`${site.url}/admin`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  // The home: the money waiting, the oldest deadline with the event's zone; the placeholder instructions warned.
  const tickets = page.getByRole("region", { name: "Tickets sold" });
  await expect(tickets).toContainText(
    new RegExp(
      `Money waiting: 1 order waits for ${(plan.price * 2).toFixed(2)} USD, the oldest due \\w{3} \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} C[SD]T\\.`,
    ),
  );
  await expect(tickets.getByRole("link", { name: "Pay-later text is a sample" })).toHaveAttribute(
    "href",
    "/admin/content",
  );

  await page
    .getByRole("navigation", { name: "Organisers' areas" })
    .getByRole("link", { name: /^Box office/ })
    .click();
  const tab = page.getByRole("region", { name: "Orders", exact: true });
  await tab.getByLabel("State").selectOption("pending");
  await tab.getByLabel("Paid by").selectOption("later");
  await tab.getByRole("button", { name: "Show orders" }).click();
  await expect(tab.getByRole("heading", { name: "1 order found" })).toBeFocused();
  const orders = tab.getByRole("list", { name: "Ticket orders" });
  await expect(orders).toContainText(`${seats}, waiting for payment`);
  await expect(orders).toContainText(/pay by \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} C[SD]T/);
  await orders.getByRole("button", { name: /: Rita Release$/ }).click();
  const order = tab.getByRole("article", { name: /^Order TNCC-T\d{6}$/ });
  const reference = (await order.getByRole("heading", { level: 3 }).innerText()).replace("Order ", "");
  // Never "0 tickets": its seats, waiting for payment, and the deadline with the zone.
  await expect(order.getByRole("definition").filter({ hasText: plan.title })).toHaveText(
    `${plan.title}, ${seats}, waiting for payment`,
  );
  await expect(order.getByRole("definition").filter({ hasText: /C[SD]T$/ })).toHaveCount(1);
  await expect(order).not.toContainText("0 tickets");
  await expectNoAxeViolations(page);
  expect(await noSideways(page)).toBeLessThanOrEqual(0);
  mkdirSync("docs/screenshots", { recursive: true });
  await page.screenshot({ path: "docs/screenshots/orders-412.png", fullPage: true });

  // Released after a confirm step: said in words, the seats back, the buyer told not to pay.
  await order.getByRole("button", { name: "Release the seats" }).click();
  const ask = page.getByRole("alertdialog");
  await expect(ask).toContainText(`Release ${reference} of Rita Release?`);
  await ask.getByRole("button", { name: `Release ${reference}` }).click();
  const said = order.getByRole("status");
  await expect(said).toHaveText(new RegExp(`^${reference} is released: its ${seats} (are free again|went to)`));
  await expect(said).toBeFocused();
  await expect(order.getByRole("definition").first()).toHaveText("Released (unpaid)");
  await expect(order.getByRole("list", { name: `Timeline of ${reference}` })).toContainText(
    "Released by the organisers",
  );
  await expectNoAxeViolations(page);
  await expect
    .poll(async () => {
      const mails = await Promise.all(smtp.mails.filter((m) => m.to.includes(email)).map((m) => simpleParser(m.raw)));
      return mails.map((m) => m.subject ?? "");
    })
    .toContain(`Your order ${reference} was released`);
  expect(await available()).toBe(before);
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});
