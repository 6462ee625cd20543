/**
 * Issue 42, the first line of "done when": a Family ticket bought on a phone through the fake card provider
 * (tests/fixtures/fake-stripe.ts), against the production server with its own embedded database and a fake
 * mail server on loopback. The server is killed after the provider's confirmation was stored and before the
 * mail could go out (the mail server is down): after the restart, one mail arrives with five QR images that
 * a QR library here decodes to the tickets' codes, and the event's calendar file. The buyer's page shows the
 * five codes, and again offline.
 */
import { rmSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import jsQR from "jsqr";
import { simpleParser } from "mailparser";
import sharp from "sharp";
import { FakeStripe, signPayload } from "../fixtures/fake-stripe";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { FakeSmtp, startSite, type SiteServer } from "./forms-delivery.helpers";
import type { TicketOrderAnswer } from "../../app/lib/tickets/orders";

const BASE = Number(process.env.E2E_PORT ?? 4174) + 170;
const SECRET = "whsec_e2e_tickets";
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe.configure({ mode: "serial" });
// The buyer's page is kept by the offline worker: it runs here.
test.use({ viewport: { width: 412, height: 915 }, serviceWorkers: "allow" });

let fake: FakeStripe;
let smtp: FakeSmtp;
let site: SiteServer;
let dataDir: string;
const env = () => ({
  DATA_DIR: dataDir,
  STRIPE_SECRET_KEY: "sk_test_fake_key",
  STRIPE_API_URL: fake.url,
  STRIPE_WEBHOOK_SECRET: SECRET,
  SMTP_URL: `smtp://127.0.0.1:${BASE + 1}`,
  MAIL_POLL_MS: "200",
  MAIL_BACKOFF_MS: "200",
  // A mail the killed server had taken is free again after this long (it may be killed mid-try).
  MAIL_LEASE_MS: "2000",
});

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "tncc-e2e-tickets-"));
  fake = await FakeStripe.start();
  smtp = new FakeSmtp(BASE + 1);
  site = await startSite(BASE, env());
});

test.afterAll(async () => {
  await site?.stop();
  await smtp?.stop();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The QR code a PNG shows, read by jsQR (not our code). */
async function decode(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

test("a Family ticket bought on a phone: one mail with five QR codes after a crash, the page offline", async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${site.url}/buy-ticket?plan=family`);
  await ready(page);
  await page.getByLabel("Name", { exact: true }).fill("Ada Family");
  await page.getByLabel("E-mail", { exact: true }).fill("ada.family@example.org");
  await page.getByLabel("Phone number").fill("+1 214 555 0199");
  await page.getByLabel("Quantity").fill("1");
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole("button", { name: /Buy Ticket/ }).click();

  // The provider's hosted checkout, for the price and quantity content gives.
  await expect(page).toHaveURL(new RegExp(`^${fake.url}/pay/`));
  const session = fake.created.at(-1)!;
  expect(session.amount_total).toBe(5900);
  expect(session.metadata.hold).toMatch(/^\d+$/);
  fake.pay(session.id, { email: "ada.family@example.org", name: "Ada Family" });

  // The mail server is down when the provider confirms: the order and its mail are stored, the mail waits.
  const payload = fake.event("checkout.session.completed", session.id);
  const res = await fetch(`${site.url}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signPayload(payload, SECRET) },
    body: payload,
  });
  expect(res.status).toBe(200);
  site.kill();
  await smtp.start();
  site = await startSite(BASE, env());

  // One mail, after the restart, with the five codes and the calendar file.
  await expect
    .poll(() => smtp.mails.filter((m) => m.to.includes("ada.family@example.org")).length, { timeout: 30_000 })
    .toBe(1);
  const mail = await simpleParser(smtp.mails.find((m) => m.to.includes("ada.family@example.org"))!.raw);
  const images = mail.attachments.filter((a) => a.contentType === "image/png");
  expect(images).toHaveLength(5);
  expect(images.every((a) => a.contentDisposition === "inline" || Boolean(a.cid))).toBe(true);
  expect(mail.html || "").not.toMatch(/src="https?:/);
  const ics = mail.attachments.find((a) => a.filename === "event.ics");
  expect(ics?.content.toString("utf8")).toContain("BEGIN:VEVENT");
  const decoded = await Promise.all(images.map((a) => decode(a.content)));

  // The buyer returns from checkout to their tickets page.
  const back = await fetch(`${site.url}/api/tickets/sessions/${session.id}`);
  const { url } = (await back.json()) as { url: string };
  const order = (await (
    await fetch(`${site.url}/api/tickets/orders/${url.split("/").at(-1)}`)
  ).json()) as TicketOrderAnswer;
  expect(decoded.sort()).toEqual(order.tickets.map((t) => t.qr).sort());
  for (const text of decoded) expect(text).toMatch(/^TNCC1\.tncc-2024\.family\./);
  expect(new Set(order.tickets.map((t) => t.code)).size).toBe(5);

  await page.goto(`${site.url}${url}`);
  await ready(page);
  await expect(page.getByText(order.reference)).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code/ })).toHaveCount(5);
  await expectNoAxeViolations(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
    timeout: 30_000,
  });
  await context.setOffline(true);
  await page.reload().catch(() => {});
  await expect(page.getByText(order.reference)).toBeVisible();
  await expect(page.getByRole("img", { name: /QR code/ })).toHaveCount(5);
  await context.setOffline(false);
});
