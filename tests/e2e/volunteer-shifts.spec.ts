/**
 * Issue 66, "sign up" done when: the real server on ports of its own (E2E_PORT + 330, its mail server + 332; the
 * phone project's + 331 and + 333), its plan seeded by SQL (./volunteer-shifts.seed.ts: the organisers' plan
 * screens are another part's). At 412 px an organiser invites Ruth Bell as a Volunteer from People, Organisers; she
 * opens the link mailed to her, chooses a password and lands on /volunteer, signs up for two shifts and gives one
 * back; her calendar feed (fetched as a calendar app would) holds the kept one and not the other.
 */
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseCalendar } from "../../app/lib/schedule/ics";
import { mailText, startFakeSmtp, type FakeSmtp } from "../fixtures/fake-smtp";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

const phone = () => test.info().project.name === "phone";
/** The desktop project's server on E2E_PORT + 330 (its mail + 332), the phone project's on + 331 (+ 333). */
const portOf = () => Number(process.env.E2E_PORT ?? 4174) + (phone() ? 331 : 330);
const expect = baseExpect.configure({ timeout: 20_000 });
const RUTH = "ruth.bell@example.org";
const PASSWORD = "ruth's own password";

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

let dir: string;
let site: SiteServer;
let smtp: FakeSmtp;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = await mkdtemp(path.join(tmpdir(), "tncc-volunteer-"));
  const PORT = portOf();
  smtp = await startFakeSmtp(PORT + 2);
  const env = {
    DATA_DIR: path.join(dir, "data"),
    SITE_URL: `http://127.0.0.1:${PORT}`,
    SMTP_URL: smtp.url,
    MAIL_FROM: "TNCC <info@tncc.example.org>",
    MAIL_POLL_MS: "250",
  };
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", "Grace Mensah"], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, ...env },
    stdio: ["pipe", "ignore", "inherit"],
  });
  execFileSync(process.execPath, ["--import", "tsx", "tests/e2e/volunteer-shifts.seed.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  site = await startSite(PORT, env);
});

test.afterAll(async () => {
  await site?.stop();
  await smtp?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

test("@phone a volunteer invited by mail signs up for two shifts and gives one back; the calendar feed holds the kept one", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${site.url}/admin?tab=organisers`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Their e-mail address").fill(RUTH);
  await page.getByLabel("Their name (optional)").fill("Ruth Bell");
  await page.getByRole("radio", { name: /^Volunteer/ }).check();
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${RUTH}.`, { exact: false })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: RUTH })).toContainText("(volunteer)");

  await expect.poll(() => smtp.received.filter((m) => m.to.includes(RUTH)).length).toBeGreaterThan(0);
  const mail = mailText(smtp.received.find((m) => m.to.includes(RUTH))!.raw);
  expect(mail).toContain("invited you to volunteer at TNCC");
  const link = /http:\/\/\S+\/admin\?invite=[\w-]+/.exec(mail)?.[0];
  expect(link, mail).toBeTruthy();

  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const ruth = await context.newPage();
  await ruth.goto(link!);
  await ready(ruth);
  await expect(ruth.getByText(/You are invited to volunteer/)).toBeVisible();
  await ruth.getByLabel(/^Password \(at least/).fill(PASSWORD);
  await ruth.getByLabel("Password again").fill(PASSWORD);
  await ruth.getByRole("button", { name: "Create my account" }).click();
  await expect(ruth).toHaveURL(/\/volunteer$/);
  await expect(ruth.getByRole("heading", { name: "My shifts", exact: true })).toBeVisible();
  await expect(ruth.getByText("Signed in as Ruth Bell")).toBeVisible();

  const open = ruth.getByRole("region", { name: "Open shifts", exact: true });
  const mine = ruth.getByRole("region", { name: "My shifts", exact: true });
  await expect(open.getByRole("button", { name: /^Sign up/ })).toHaveCount(3);
  await expect(open.getByText("2 of 2 places left").first()).toBeVisible();

  // Two shifts, one tap each; the answer takes the focus where the shift now is.
  await open
    .getByRole("button", { name: /^Sign up for Door 1/ })
    .first()
    .click();
  await expect(mine.getByText("You are signed up. Thank you!")).toBeFocused();
  await open.getByRole("button", { name: /^Sign up for Front desk/ }).click();
  await expect(mine.getByText("You are signed up. Thank you!")).toBeFocused();
  await expect(mine.getByRole("listitem")).toHaveCount(2);

  // Giving one back asks first.
  await mine.getByRole("button", { name: /^Give back Door 1/ }).click();
  await expect(ruth.getByRole("button", { name: "Yes, give it back" })).toBeFocused();
  await expectNoAxeViolations(ruth);
  await ruth.getByRole("button", { name: "Yes, give it back" }).click();
  await expect(mine.getByText(/You gave the shift back/)).toBeFocused();
  await expect(mine.getByRole("listitem")).toHaveCount(1);
  await expect(mine).toContainText("Front desk");
  await expect(mine).toContainText("Welcome desk");

  // The calendar feed: a private link, fetched as a calendar app would.
  await ruth.getByRole("button", { name: "Make my calendar link" }).click();
  const field = ruth.getByLabel("Your calendar link");
  await expect(field).toBeFocused();
  const feedUrl = await field.inputValue();
  expect(feedUrl.startsWith(`${site.url}/api/volunteer/calendar/`)).toBe(true);
  await expect(ruth.getByRole("link", { name: "Open it in my phone's calendar" })).toHaveAttribute(
    "href",
    feedUrl.replace("http:", "webcal:"),
  );
  const feed = await request.get(feedUrl);
  expect(feed.status()).toBe(200);
  const events = parseCalendar(await feed.text());
  expect(events.map((e) => e.SUMMARY)).toEqual(["Volunteering: Welcome desk, Front desk"]);

  await expectNoAxeViolations(ruth);
  expect(await ruth.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  if (phone()) await ruth.screenshot({ path: "docs/screenshots/volunteer-412.png", fullPage: true });
  await context.close();
});
