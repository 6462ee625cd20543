/**
 * Issues 43 and 53 on the organisers' side, on a phone (412 px): an organiser invites two door volunteers one after
 * another from the door's section (a role chosen once, never typed, kept for the next); the volunteer accepts and
 * is signed in on the check-in page, and finds only the way to it at /admin (the rest of /api/admin answers 403);
 * the Box office's Orders list shows the door's figures; removing the volunteer signs the phone out. Against a production
 * server of its own (+180) with its own embedded database and no mail (the link is shown).
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
const SECOND = { email: `door2-${Date.now().toString(36)}@example.org` };
let site: SiteServer;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = `data/e2e-door-admin-${PORT}-${Date.now().toString(36)}`;
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", ORGANISER.name], {
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
  await expect(
    page.getByText("12 hours for an organiser. A door volunteer's phone always stays signed in for 16 hours."),
  ).toBeVisible();
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("on a phone: door volunteers are invited one after another from the door's section, sign in by accepting, reach only the check-in page, and are signed out when removed", async ({
  page,
  browser,
}) => {
  await signIn(page, ORGANISER, "/admin?tab=box-office");
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
  // The sign-in form said the sessions' real lengths (issue 53); the door's own section is one tap from the
  // invitation form with "Door volunteer" chosen and the address field focused.
  await page.getByRole("link", { name: "Invite a door volunteer" }).click();
  const address = page.getByLabel("Their e-mail address");
  await expect(address).toBeFocused();
  const door = page.getByRole("radio", { name: /^Door volunteer/ });
  await expect(door).toBeChecked();
  expect((await door.locator("xpath=..").boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await address.fill(VOLUNTEER.email);
  await page.getByLabel("Their name (optional)").fill("Dora");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  const url = await page.getByLabel("Invitation link").inputValue();
  await expect(page.getByText(`Dora, ${VOLUNTEER.email} (door volunteer), until`)).toBeVisible();
  // The role stays chosen: the next invitation is a door volunteer's too, without choosing again.
  await expect(door).toBeChecked();
  await expect(address).toHaveValue("");
  await address.fill(SECOND.email);
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText(`${SECOND.email} (door volunteer), until`)).toBeVisible();
  await expect(door).toBeChecked();
  await expectNoAxeViolations(page);

  // Accepting the invitation signs the volunteer in and opens the door's page.
  const phone = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await phone.goto(site.url + new URL(url).pathname + new URL(url).search);
  await ready(phone);
  await expect(phone.getByText("You are invited to check tickets in at the door as")).toBeVisible();
  await expectNoAxeViolations(phone);
  await phone.getByLabel(/^Password \(at least/).fill(VOLUNTEER.password);
  await phone.getByLabel("Password again").fill(VOLUNTEER.password);
  await phone.getByRole("button", { name: "Create my account" }).click();
  await expect(phone).toHaveURL(`${site.url}/checkin`);
  await expect(phone.getByRole("heading", { name: "Check-in", level: 1 })).toBeVisible();
  await expect(
    phone.getByRole("status").filter({ hasText: /^Online · All check-ins sent · list updated \d\d:\d\d$/ }),
  ).toBeVisible();
  await expectNoAxeViolations(phone);
  // Signed in: /admin shows the way to the check-in page, not the sign-in form.
  await phone.goto(site.url + "/admin");
  await ready(phone);
  const open = phone.getByRole("link", { name: "Open the check-in page" });
  await expect(open).toHaveAttribute("href", "/checkin");
  expect((await open.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await expect(phone.getByRole("link", { name: /Box office/ })).toHaveCount(0);
  await expect(phone.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expectNoAxeViolations(phone);
  // The inbox is closed to this account, whatever the page shows.
  const inbox = await phone.evaluate(async () => (await fetch("/api/admin/submissions?kind=contact")).status);
  expect(inbox).toBe(403);

  // The organisers' Orders list (the Attendees tab before issue 61) shows the door's figures.
  await page.goto(site.url + "/admin?tab=box-office");
  await ready(page);
  await expect(page.getByRole("heading", { name: "At the door" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Checked in per plan" })).toBeVisible();
  await expect(page.getByText("Nobody has been checked in yet.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Removed: the phone's next contact finds it signed out.
  await page.goto(site.url + "/admin?tab=organisers");
  await ready(page);
  // Named as the organiser named them when inviting (issue 62), with when the invitation signed them in.
  const listed = page.getByRole("list", { name: "Who has access" }).getByRole("listitem").filter({ hasText: "Dora" });
  await expect(listed).toContainText(/last signed in/);
  await expect(listed).not.toContainText("has not signed in yet");
  await page.getByRole("button", { name: "Remove Dora" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove Dora" }).click();
  await expect(page.getByText("Dora no longer has access")).toBeVisible();
  const after = await phone.evaluate(async () => (await fetch("/api/admin/session")).status);
  expect(after).toBe(401);
  await phone.reload();
  await ready(phone);
  await expect(phone.getByRole("button", { name: "Sign in" })).toBeVisible();
});
