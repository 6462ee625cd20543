/**
 * Issue 43 on the organisers' side, on a phone: an organiser invites a door volunteer (a role chosen, never
 * typed); the volunteer accepts, signs in and finds only the way to the check-in page (the rest of /api/admin
 * answers 403); the Attendees tab shows the door's figures; removing the volunteer signs the phone out. Against a
 * production server of its own (+180) with its own embedded database and no mail (the link is shown).
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

// A sign-in costs a deliberately slow password hash.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ viewport: { width: 412, height: 915 } });

const PORT = Number(process.env.E2E_PORT ?? 4174) + 180;
const VOLUNTEER = { email: `door-${Date.now().toString(36)}@example.org`, password: "door volunteer password" };
let site: SiteServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = `data/e2e-door-admin-${PORT}-${Date.now().toString(36)}`;
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });
  site = await startSite(PORT, { DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, who: { email: string; password: string }, path = "/admin") {
  await page.goto(site.url + path);
  await ready(page);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("on a phone: a door volunteer is invited, reaches only the check-in page, and is signed out when removed", async ({
  page,
  browser,
}) => {
  await signIn(page, ORGANISER, "/admin?tab=organisers");
  await expect(page.getByText(`Signed in as ${ORGANISER.email}`)).toBeVisible();
  await page.getByLabel("Their e-mail address").fill(VOLUNTEER.email);
  await page.getByLabel("Their name (optional)").fill("Dora");
  const door = page.getByRole("radio", { name: /^Door volunteer/ });
  await expect(page.getByRole("radio", { name: /^Organiser/ })).toBeChecked();
  expect((await door.locator("xpath=..").boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await door.check();
  await page.getByRole("button", { name: "Send the invitation" }).click();
  const url = await page.getByLabel("Invitation link").inputValue();
  await expect(page.getByText(`Dora, ${VOLUNTEER.email} (door volunteer), until`)).toBeVisible();
  await expectNoAxeViolations(page);

  const phone = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await phone.goto(site.url + new URL(url).pathname + new URL(url).search);
  await ready(phone);
  await expect(phone.getByText("You are invited to check tickets in at the door as")).toBeVisible();
  await phone.getByLabel(/^Password \(at least/).fill(VOLUNTEER.password);
  await phone.getByLabel("Password again").fill(VOLUNTEER.password);
  await phone.getByRole("button", { name: "Create my account" }).click();
  await expect(phone.getByText(`Your account is ready: sign in as ${VOLUNTEER.email}.`)).toBeVisible();
  await signIn(phone, VOLUNTEER);
  const open = phone.getByRole("link", { name: "Open the check-in page" });
  await expect(open).toHaveAttribute("href", "/checkin");
  expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expect(phone.getByRole("link", { name: "Attendees" })).toHaveCount(0);
  await expect(phone.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectNoAxeViolations(phone);
  // The inbox is closed to this account, whatever the page shows.
  const inbox = await phone.evaluate(async () => (await fetch("/api/admin/submissions?kind=contact")).status);
  expect(inbox).toBe(403);

  // The organisers' Attendees tab shows the door's figures.
  await page.goto(site.url + "/admin?tab=attendees");
  await ready(page);
  await expect(page.getByRole("heading", { name: "At the door" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Checked in per plan" })).toBeVisible();
  await expect(page.getByText("Nobody has been checked in yet.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Removed: the phone's next contact finds it signed out.
  await page.goto(site.url + "/admin?tab=organisers");
  await ready(page);
  await page.getByRole("button", { name: `Remove ${VOLUNTEER.email}` }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: `Remove ${VOLUNTEER.email}` })
    .click();
  await expect(page.getByText(`${VOLUNTEER.email} no longer has access`)).toBeVisible();
  const after = await phone.evaluate(async () => (await fetch("/api/admin/session")).status);
  expect(after).toBe(401);
  await phone.reload();
  await ready(phone);
  await expect(phone.getByRole("button", { name: "Sign in" })).toBeVisible();
});
