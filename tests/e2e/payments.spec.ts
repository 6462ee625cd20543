/**
 * Issue 18: a sponsor token paid through the payment provider is recorded and shown. Drives the fake
 * provider on loopback (tests/fixtures/fake-stripe.ts) against its own production server with
 * STRIPE_API_URL, STRIPE_WEBHOOK_SECRET and its own embedded database.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import { FakeStripe, signPayload } from "../fixtures/fake-stripe";
import { ORGANISER } from "./admin-accounts";
import { content } from "./content";
import { expect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

const SECRET = "whsec_e2e_payments";
const tokens = content.sponsorTokens;
const sponsor = tokens[0]!;
const { email } = content.site.contact;
const buttonName = (cost: number) =>
  `${sponsor.buttonText}: ${sponsor.title} $${Number.isInteger(cost) ? cost.toLocaleString("en-US") : cost.toFixed(2)}`;
/** An amount as the success page writes it: "$1,000.00". */
const paid = (cost: number) =>
  `$${cost.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test.describe.configure({ mode: "serial" });

let fake: FakeStripe;
let site: SiteServer;
let dataDir: string;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  fake = await FakeStripe.start({
    prices: Object.fromEntries(
      tokens.map((t) => [t.plan.price, { amount: Math.round(t.cost * 100), currency: t.currency.toLowerCase() }]),
    ),
  });
  const port = Number(process.env.E2E_PORT ?? 4174) + 60;
  // Its own embedded database, removed at the end: one server process per data folder.
  dataDir = `data/e2e-payments-${port}-${Date.now().toString(36)}`;
  // An organiser account, to see the order in the inbox (password on standard input, as a script would).
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", ORGANISER.name], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });
  site = await startSite(port, {
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: "sk_test_fake_key",
    STRIPE_API_URL: fake.url,
    STRIPE_WEBHOOK_SECRET: SECRET,
  });
});
test.afterAll(async () => {
  await site?.stop();
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("BUY, pay at the provider, signed webhook: /success shows the order's reference and amount", async ({
  page,
  problems,
}) => {
  const token = tokens[1]!;
  await page.goto(`${site.url}/pricing`);
  await ready(page);
  await page.getByRole("button", { name: buttonName(token.cost), exact: true }).click();

  await expect(page.getByRole("heading", { name: /^Fake checkout cs_test_/ })).toBeVisible();
  const session = fake.created.at(-1)!;
  expect(page.url()).toBe(session.url);
  expect(session.metadata).toEqual({ token: String(token.id) });
  expect(session.success_url).toBe(`${site.url}/success?session_id={CHECKOUT_SESSION_ID}`);

  fake.pay(session.id);
  const forged = fake.completedEvent(session.id);
  expect((await fetchWebhook(forged, signPayload(forged, "whsec_wrong"))).status).toBe(400);
  const delivered = await fake.sendCompleted(site.url, session.id, SECRET, { eventId: `evt_e2e_${session.id}` });
  expect(delivered.status).toBe(200);
  // The provider retries: stored once, the same reference.
  expect((await fake.sendCompleted(site.url, session.id, SECRET, { eventId: `evt_e2e_${session.id}` })).status).toBe(
    200,
  );

  await page.goto(session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Succesful Transaction");
  const status = page.getByRole("status").filter({ hasText: "Order reference" });
  await expect(status).toHaveText(
    new RegExp(`^Order reference TNCC-\\d{6}, amount ${paid(token.cost).replace(/[$.]/g, "\\$&")}\\.`),
  );
  const reference = (await status.locator("strong").first().textContent()) ?? "";
  await page.reload();
  await expect(page.getByRole("status").filter({ hasText: reference })).toBeVisible();
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);

  // The organisers see it in the Box office (issue 53: every order there), paid, under the reference the payer was shown.
  await page.goto(`${site.url}/admin`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
  await page
    .getByRole("navigation", { name: "Organisers' areas" })
    .getByRole("link", { name: /^Box office/ })
    .click();
  await page
    .getByRole("navigation", { name: "Box office sections" })
    .getByRole("link", { name: /Sponsor tokens/ })
    .click();
  const rows = page.getByRole("region", { name: "Paid orders" }).getByRole("row").filter({ hasText: reference });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(paid(token.cost));
  await expect(rows.getByText("paid", { exact: true })).toBeVisible();
});

test("an unknown session: a clear message with whom to write to", async ({ page }) => {
  await page.goto(`${site.url}/success?session_id=cs_test_nobody_paid_this`);
  await ready(page);
  const status = page.getByRole("status").filter({ hasText: "could not find a paid order" });
  await expect(status).toBeVisible();
  await expect(status.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
});

test("without a session id the page reads as before", async ({ page }) => {
  await page.goto(`${site.url}/success`);
  await ready(page);
  await expect(page.getByText("Thank you for your donation!")).toBeVisible();
  await expect(page.getByText(/Order reference|Looking up your order|could not/)).toHaveCount(0);
});

function fetchWebhook(payload: string, signature: string) {
  return fetch(`${site.url}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", "stripe-signature": signature },
    body: payload,
  });
}
