/**
 * Issue 44, part 3: announcements, on a phone (412 px). Two people buy a Day Pass through the fake card
 * provider; an organiser writes an announcement in the inbox, previews it (banner and mail), mails a test to
 * themselves, and sends it to the ticket holders: each buyer's mail arrives at the fake mail server, the
 * progress says so, and the banner shows on `/` without a rebuild (dismissed by keyboard, remembered); once
 * withdrawn it is gone. axe on the tab and on the banner. Against a production server of its own (+210) with
 * its own embedded database, the fake provider and a fake mail server (+211).
 */
import type { Page } from "@playwright/test";
import type { FakeStripe } from "../fixtures/fake-stripe";
import { ORGANISER } from "./admin-accounts";
import { startBoxOfficeSite, type BoxOfficeSite } from "./box-office-site";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import type { FakeSmtp, SiteServer } from "./forms-delivery.helpers";

// A sign-in costs a deliberately slow scrypt, and two purchases go through the fake provider first.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ viewport: { width: 412, height: 915 } });

const PORT = Number(process.env.E2E_PORT ?? 4174) + 210;
const SECRET = "whsec_e2e_announcements";
const BUYERS = ["grace@example.org", "alan@example.org"];
let shop: BoxOfficeSite;
let site: SiteServer;
let fake: FakeStripe;
let smtp: FakeSmtp;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  shop = await startBoxOfficeSite("announcements", PORT, SECRET);
  ({ site, fake, smtp } = shop);
});
test.afterAll(() => shop?.stop());

/** A mail's text as sent (quoted-printable undone). */
const textOf = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
const mailsTo = (to: string, subject: string) =>
  smtp.mails.filter((m) => m.to.includes(to) && textOf(m.raw).includes(`Subject: ${subject}`));

async function buy(email: string) {
  const res = await fetch(`${site.url}/api/tickets/buy`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: site.url },
    body: JSON.stringify({ name: "Buyer", email, phone: "+1 555 0100", quantity: "1", plan: "day-pass", terms: "on" }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const session = fake.created.at(-1)!;
  fake.pay(session.id, { email, name: "Buyer" });
  expect((await fake.sendCompleted(site.url, session.id, SECRET)).status).toBe(200);
}

async function signIn(page: Page) {
  await page.goto(`${site.url}/admin?tab=announcements`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
}

/** Opens `/` and waits for the banner's answer, so "no banner" means the server said none. */
async function home(page: Page) {
  const answer = page.waitForResponse((res) => res.url().endsWith("/api/announcements/current"));
  await page.goto(`${site.url}/`);
  await ready(page);
  expect((await answer).status()).toBe(200);
  return page.getByRole("region", { name: "Doors open at 9:30" });
}

test("an organiser writes, previews, tests and sends an announcement; the banner shows on / and goes when withdrawn", async ({
  page,
  browser,
  problems,
}) => {
  for (const email of BUYERS) await buy(email);
  // Nothing announced yet: no banner.
  const visitors = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const visitor = await visitors.newPage();
  visitor.on("console", (m) => void (m.type() === "error" && problems.push(`visitor: ${m.text()}`)));
  await expect(await home(visitor)).toHaveCount(0);

  await signIn(page);
  const tab = page.getByRole("region", { name: "Announcements", exact: true });
  await tab.getByRole("textbox", { name: "Title" }).fill("Doors open at 9:30");
  await tab.getByRole("textbox", { name: "Text" }).fill("The hall opens 30 minutes late on Saturday.");
  // Until when: a date and time picker, the end of the event's day to start with (issue 62), said in its zone.
  const until = tab.getByLabel("Shows on the site until");
  await expect(until).toHaveAttribute("type", "datetime-local");
  await expect(until).toHaveAccessibleDescription(/^At first the end of the event's day: .*, 23:59 \w+\.$/);
  const chosen = Date.parse(await until.inputValue());
  expect(chosen).toBeGreaterThan(Date.now());
  expect(chosen - Date.now()).toBeLessThanOrEqual(25 * 3_600_000);
  await tab.getByRole("radio", { name: "Show on the site and e-mail ticket holders (2 addresses)" }).check();

  await tab.getByRole("button", { name: "Preview" }).click();
  const preview = tab.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading", { name: "Preview" })).toBeFocused();
  await expect(preview.getByRole("region", { name: "Doors open at 9:30" })).toContainText("30 minutes late");
  await expect(preview).toContainText("Subject: TNCC: Doors open at 9:30");
  await expect(preview).toContainText("You receive this because you hold a ticket for TNCC.");
  await expectNoAxeViolations(page);

  await tab.getByRole("button", { name: "Send a test to me" }).click();
  await expect(tab.getByRole("status").filter({ hasText: "A test is on its way" })).toContainText(ORGANISER.email);
  await expect.poll(() => mailsTo(ORGANISER.email, "[Test] TNCC: Doors open at 9:30").length).toBe(1);
  // The test showed nothing on the site.
  await expect(await home(visitor)).toHaveCount(0);

  await tab.getByRole("button", { name: "Send…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, send it" }).click();
  await expect(tab.getByText("Sent to Ticket holders (2 addresses)")).toBeVisible();
  const sent = tab.getByRole("list", { name: "Announcements sent" }).getByRole("listitem");
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText("2 recipients: 2 queued, 2 sent");
  for (const email of BUYERS) {
    const mails = mailsTo(email, "TNCC: Doors open at 9:30");
    expect(mails).toHaveLength(1);
    expect(textOf(mails[0]!.raw)).toContain("The hall opens 30 minutes late on Saturday.");
  }
  await expectNoAxeViolations(page);

  // On the site's pages at once, without a rebuild, on one line that opens to the text; axe-clean; dismissed by
  // keyboard and remembered.
  const banner = await home(visitor);
  await expect(banner).toBeVisible();
  await expect(banner.getByText("The hall opens 30 minutes late on Saturday.")).toBeHidden();
  await banner.getByRole("button", { name: "Announcement: Doors open at 9:30" }).click();
  await expect(banner.getByText("The hall opens 30 minutes late on Saturday.")).toBeVisible();
  await expectNoAxeViolations(visitor);
  const dismiss = banner.getByRole("button", { name: "Dismiss the announcement" });
  await dismiss.focus();
  await visitor.keyboard.press("Escape");
  await expect(banner).toHaveCount(0);
  await expect(await home(visitor)).toHaveCount(0);
  // Another visitor still sees it.
  const others = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const other = await others.newPage();
  await expect(await home(other)).toBeVisible();

  await sent.getByRole("button", { name: "Withdraw “Doors open at 9:30”" }).click();
  await expect(tab.getByText("is withdrawn: it no longer shows on the site")).toBeVisible();
  await expect(sent).toContainText("withdrawn");
  await expect(await home(other)).toHaveCount(0);
  // The sign-in page first asks who is signed in (401 before signing in).
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  await visitors.close();
  await others.close();
});
