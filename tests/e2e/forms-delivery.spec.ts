/**
 * Issue 17: every form ends as exactly one stored row, checked in PostgreSQL (not in the DOM), and each
 * stored submission becomes exactly one mail at a fake SMTP server. Runs its own server (see helpers).
 */
import type { Page } from "@playwright/test";
import { FORMS as DEFINITIONS, formPath } from "../../app/forms";
import { expect, ready, test } from "./fixtures";
import { countRows, startStack, type Stack } from "./forms-delivery.helpers";

const base = Number(process.env.E2E_PORT ?? 4174);
const PORTS = { site: base + 10, smtp: base + 20, pg: Number(process.env.PG_E2E_PORT ?? 5434) };

test.describe.configure({ mode: "serial" });

let stack: Stack;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack(PORTS, { FORM_RATE_LIMIT: "3/600" });
});
test.afterAll(async () => {
  await stack?.stop();
});
test.use({ baseURL: `http://127.0.0.1:${PORTS.site}` });

let n = 0;
/** A fresh visitor: its own address and IP (the server trusts X-Forwarded-For here), so limits do not mix. */
async function visitor(page: Page): Promise<string> {
  n += 1;
  const stamp = `${Date.now().toString(36)}${n}`;
  await page.context().setExtraHTTPHeaders({ "x-forwarded-for": `10.9.${n}.${Math.floor(Math.random() * 250)}` });
  return `visitor.${stamp}@example.org`;
}

async function fill(page: Page, form: ReturnType<Page["locator"]>, email: string, extra = "") {
  for (const field of await form.locator("input, textarea, select").all()) {
    if (!(await field.isVisible())) continue;
    const name = (await field.getAttribute("name")) ?? "";
    const type = (await field.getAttribute("type")) ?? "";
    if (type === "checkbox") await field.check();
    else if (name === "email") await field.fill(email);
    else if (name === "phone") await field.fill("5550199");
    else if (name === "quantity" || name === "plan") continue;
    else await field.fill(`Hello from the e2e test ${extra}`);
  }
}

const toast = (page: Page, text: string) => page.locator(".Toastify__toast", { hasText: text });

const stored = (kind: string, email: string) =>
  kind.startsWith("newsletter")
    ? countRows(stack.client, "newsletter_subscribers WHERE email = $1", [email])
    : kind === "ticket"
      ? countRows(stack.client, "ticket_orders WHERE email = $1", [email])
      : countRows(stack.client, "submissions WHERE kind = $1 AND email = $2", [kind, email]);

const FORMS = [
  { kind: "newsletter", path: "/", scope: "footer " },
  { kind: "newsletterTemplate", path: "/home-2", scope: "" },
  { kind: "comingSoon", path: "/coming-soon", scope: "" },
  { kind: "faq", path: "/faqs", scope: "" },
  { kind: "contact", path: "/contact", scope: "" },
  { kind: "ticket", path: "/buy-ticket", scope: "" },
  { kind: "comment", path: "/blog-single/1", scope: "" },
] as const;

for (const { kind, path, scope } of FORMS) {
  test(`the ${kind} form on ${path} ends as one stored row, and its answer comes after`, async ({ page }) => {
    const email = await visitor(page);
    await page.goto(path);
    await ready(page);
    // The ticket form posts to the box office: with no card provider configured (as here) a paid plan is paid
    // later (issue 53): the address confirmed by the mailed link (issue 61), then one pending order, its page
    // opened and the buyer mailed how to pay.
    const form = page.locator(`${scope}form[action="${formPath(kind)}"]`);
    await fill(page, form, email);
    await form.locator("[type=submit]").click();
    if (kind === "ticket") {
      // First the address, confirmed by the mailed link (issue 61); then the order and its page.
      await expect(form.locator("[data-form-status]")).toHaveText(/^Almost done: we sent a link to /);
      expect(await stored(kind, email)).toBe(0);
      const link = async () => {
        const { rows } = await stack.client.query<{ body: string }>(
          "SELECT body FROM mail_queue WHERE to_addr = $1 AND subject LIKE 'Confirm your%'",
          [email],
        );
        return /\/api\/tickets\/confirm\?t=[\w-]{32}/.exec(rows[0]?.body ?? "")?.[0] ?? "";
      };
      await expect.poll(link).not.toBe("");
      await page.goto(await link());
      await page.getByRole("button", { name: "Confirm my order" }).click();
      await expect(page).toHaveURL(/\/tickets\/[\w-]{32}$/);
      await expect(page.getByRole("heading", { name: "How to pay" })).toBeVisible();
    } else await expect(toast(page, DEFINITIONS[kind].success)).toBeVisible();
    expect(await stored(kind, email)).toBe(1);
    if (kind === "comment") {
      const status = await stack.client.query("SELECT status FROM submissions WHERE email = $1", [email]);
      expect(status.rows[0]?.status).toBe("pending");
    }
    // One mail per submission: the organisers' notification (Reply-To the visitor) or the confirmation; a ticket
    // paid later two: the link that confirms the address, then how to pay.
    await expect
      .poll(() => stack.smtp.mails.filter((m) => m.raw.includes(email)).length)
      .toBe(kind === "ticket" ? 2 : 1);
  });
}

test("offline: the form says it is saved on this device, and sends it once back online", async ({ page, context }) => {
  const email = await visitor(page);
  await page.goto("/faqs");
  await ready(page);
  await context.setOffline(true);
  const form = page.locator('form[action="/api/forms/faq"]');
  await fill(page, form, email);
  await form.locator("[type=submit]").click();
  await expect(form.getByText(/saved on this device/i)).toBeVisible();
  expect(await stored("faq", email)).toBe(0);
  await context.setOffline(false);
  await expect(toast(page, DEFINITIONS.faq.success)).toBeVisible();
  expect(await stored("faq", email)).toBe(1);
  // Nothing else is still on its way from the device's outbox.
  await page.waitForLoadState("networkidle");
  expect(await stored("faq", email)).toBe(1);
});

test("a double submit, and a resend with the same Idempotency-Key, store one row", async ({ page }) => {
  const email = await visitor(page);
  await page.goto("/contact");
  await ready(page);
  const form = page.locator('form[action="/api/forms/contact"]');
  await fill(page, form, email);
  await form.locator("[type=submit]").dblclick();
  await expect(toast(page, DEFINITIONS.contact.success)).toBeVisible();
  // Both clicks' requests, if the second was sent at all, have been answered.
  await page.waitForLoadState("networkidle");
  expect(await stored("contact", email)).toBe(1);

  const again = `again.${email}`;
  const key = `same-key-${Date.now().toString(36)}`;
  const send = () =>
    page.request.post("/api/forms/contact", {
      headers: {
        "Idempotency-Key": key,
        Origin: stack.site.url,
      },
      data: { name: "Ada", phone: "5550199", email: again, subject: "Twice", message: "Sent twice" },
    });
  expect((await send()).status()).toBe(201);
  expect((await send()).status()).toBe(200);
  expect(await stored("contact", again)).toBe(1);
});

test("a filled honeypot gets a success answer and stores nothing", async ({ page }) => {
  const email = await visitor(page);
  const res = await page.request.post("/api/forms/faq", {
    headers: { "Idempotency-Key": `honeypot-${n}-abcdef`, Origin: stack.site.url },
    data: { name: "Bot", email, subject: "Buy", question: "Cheap pills", website: "http://spam.example" },
  });
  expect(res.status()).toBe(201);
  expect(await stored("faq", email)).toBe(0);
});

test("a cross-origin post is refused", async ({ page }) => {
  const email = await visitor(page);
  const res = await page.request.post("/api/forms/faq", {
    headers: { Origin: "https://evil.example" },
    form: { name: "X", email, subject: "S", question: "Q" },
  });
  expect(res.status()).toBe(403);
  expect(await stored("faq", email)).toBe(0);
});

test("over the rate limit, the visitor reads when to try again", async ({ page }) => {
  await visitor(page);
  await page.goto("/faqs");
  await ready(page);
  const form = page.locator('form[action="/api/forms/faq"]');
  for (let i = 1; i <= 3; i++) {
    await fill(page, form, `limit.${i}.${Date.now()}@example.org`, String(i));
    await form.locator("[type=submit]").click();
    await expect(form.locator("[data-form-status]")).toHaveAttribute("data-form-status", "idle");
    await expect(toast(page, DEFINITIONS.faq.success).first()).toBeVisible();
  }
  const fourth = `limit.4.${Date.now()}@example.org`;
  await fill(page, form, fourth, "4");
  await form.locator("[type=submit]").click();
  await expect(form.getByText(/many times in a short while\. Please try again in \d+ minutes?/)).toBeVisible();
  expect(await stored("faq", fourth)).toBe(0);
});

test("with JavaScript off, a form is stored and lands on its success anchor; a wrong field names it", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: stack.site.url });
  const page = await context.newPage();
  const email = await visitor(page);
  await page.goto("/contact");
  const form = page.locator('form[action="/api/forms/contact"]');
  await fill(page, form, email);
  await form.locator("[type=submit]").click();
  await page.waitForURL(/#sent-contact$/);
  await expect(page.locator(".form-sent:target")).toHaveText(DEFINITIONS.contact.success);
  expect(await stored("contact", email)).toBe(1);

  await page.goto("/contact");
  await fill(page, form, email);
  await form.locator('[name="phone"]').fill("call me");
  await form.locator("[type=submit]").click();
  await page.waitForURL(/#invalid-contact-phone$/);
  await expect(page.locator(".form-sent:target")).toContainText("your phone number");
  expect(await stored("contact", email)).toBe(1);
  await context.close();
});

test("with the mail server down, mails are sent once it is back, none twice", async ({ page }) => {
  await stack.smtp.stop();
  const emails: string[] = [];
  for (let i = 0; i < 3; i++) {
    const email = await visitor(page);
    emails.push(email);
    const res = await page.request.post("/api/forms/contact", {
      headers: { "Idempotency-Key": `down-${i}-${Date.now()}`, Origin: stack.site.url },
      data: { name: "Ada", phone: "5550199", email, subject: `Down ${i}`, message: "While SMTP is down" },
    });
    expect(res.status()).toBe(201);
  }
  // Every mail has been tried and failed (and kept) while the server was down.
  const unsent = async () =>
    (
      await stack.client.query(
        "SELECT attempts FROM mail_queue WHERE sent_at IS NULL AND (to_addr = ANY($1) OR reply_to = ANY($1))",
        [emails],
      )
    ).rows;
  await expect.poll(async () => (await unsent()).filter((row) => Number(row.attempts) > 0).length).toBe(3);
  await stack.smtp.start();
  for (const email of emails)
    await expect.poll(() => stack.smtp.mails.filter((m) => m.raw.includes(email)).length, { timeout: 20_000 }).toBe(1);
  // Once every row is marked sent none can be claimed again: one delivery each, for good.
  await expect.poll(async () => (await unsent()).length).toBe(0);
  for (const email of emails) expect(stack.smtp.mails.filter((m) => m.raw.includes(email))).toHaveLength(1);
});
