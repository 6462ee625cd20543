/**
 * Issue 62, item 6 and the jargon: the content editor in people's words on a phone (412 px), the real server
 * with a working copy of its own. A save and a chosen picture are named by what they are, never by a path; a
 * session's status and changes are behind "Advanced" with the line saying why; the preview opens on the day
 * that was edited and says "saved, not yet published" once saved; the new password after a one-time password
 * asks only for the new one.
 */
import type { Page } from "@playwright/test";
import { ORGANISER } from "./admin-accounts";
import { content } from "./content";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startWorkingCopySite, type WorkingCopySite } from "./working-copy";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 287;
/** Each save and each preview runs the build's content loader: seconds on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });
const FILE = "schedule/day-02.yaml";
const NAME = "Grace Mensah";
const NEWCOMER = "newcomer@tncc.example.org";
const day = content.scheduleDays[1]!;
const first = day.sessions[0]!;
const TYPED = "Morning Praise in the Garden";
/** What a message to organisers never shows: a file's path or name. */
const PATHS = /content\/|\.ya?ml\b|\.jpe?g\b|\.png\b|\.md\b|sessions\//;

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

let copy: WorkingCopySite;

test.beforeAll(async () => {
  // Two accounts made, each starting the embedded database, then the server: slow on a busy machine.
  test.setTimeout(180_000);
  copy = await startWorkingCopySite(PORT, "words", NAME, NEWCOMER);
});

test.afterAll(async () => {
  await copy?.stop();
});

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a save and a picture by what they are; status and changes under Advanced; the preview on the edited day, saved", async ({
  page,
  problems,
}) => {
  test.slow();
  await page.goto(`${copy.site.url}/admin/content?file=${FILE}`);
  await ready(page);
  await signIn(page, ORGANISER.email, ORGANISER.password);
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.locator("summary", { hasText: `Session 1: ${first.title}` }).click();
  const entry = page.getByRole("group", { name: /^Session 1: / });

  // The status and the changes are behind "Advanced", closed, with one line saying the publish finds changes.
  const summary = entry.locator("summary", { hasText: /^Advanced$/ });
  const advanced = summary.locator("..");
  await expect(summary).toBeVisible();
  await expect(advanced).not.toHaveAttribute("open");
  await expect(entry.getByLabel("Status", { exact: true })).toBeHidden();
  await expect(entry.getByRole("button", { name: "Add to changes" })).toBeHidden();
  await summary.click();
  await expect(advanced).toContainText("the publish finds a moved or changed session itself");
  await expect(entry.getByLabel("Status", { exact: true })).toBeVisible();
  await expect(entry.getByRole("button", { name: "Add to changes" })).toBeVisible();
  await page.screenshot({ path: "docs/screenshots/62-editor-advanced-412.png" });
  await summary.click();

  // A picture chosen is its thumbnail and its name, not its path.
  await entry.getByLabel("Title", { exact: true }).fill(TYPED);
  await entry.getByRole("button", { name: "Image" }).click();
  await entry.getByRole("list", { name: "Pictures for Image" }).getByRole("button", { pressed: false }).first().click();
  const chosen = entry.getByText(/^Chosen: /);
  await expect(chosen).toBeVisible();
  await expect(chosen).not.toHaveText(PATHS);
  await expect(chosen.locator("..").locator("img")).toBeVisible();
  await expect(entry.getByRole("button", { name: "Image" })).toHaveAccessibleDescription(/^Chosen: /);

  // The preview opens on the day of the edit (Day 2), not on Day 1: not saved yet.
  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: /^Preview this page/ }).click(),
  ]);
  await ready(preview);
  const bar = preview.getByRole("region", { name: "Preview", exact: true });
  await expect(bar).toContainText("not saved yet, not published");
  await expect(bar.getByLabel("Page")).toHaveValue("/schedule");
  await expect(preview.getByRole("tab", { name: new RegExp(`^${day.label}`) })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(preview.getByRole("region", { name: "Programme" }).getByRole("link", { name: TYPED })).toBeVisible();

  // Saved: the message names the day, not its file; the preview says it is saved, not yet published.
  await page.bringToFront();
  await page.getByRole("button", { name: "Save" }).click();
  const saved = page.getByRole("status").filter({ hasText: /^Saved: / });
  await expect(saved).toHaveText(/^Saved: Programme · Day 2, .*Visitors see it once the site is published\.$/);
  await expect(saved).not.toHaveText(PATHS);
  await expect(bar).toContainText("saved, not yet published");
  await expect(bar).not.toContainText("not saved yet");
  await expect(preview.getByRole("tab", { name: new RegExp(`^${day.label}`) })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(preview.getByRole("region", { name: "Programme" }).getByRole("link", { name: TYPED })).toBeVisible();
  await preview.screenshot({ path: "docs/screenshots/62-preview-saved-day-2-412.png" });
  await expectNoAxeViolations(preview);
  await expectNoAxeViolations(page);
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});

test("after a one-time password, the new password form asks only for the new password", async ({ page }) => {
  expect(copy.oneTimePassword).toBeTruthy();
  await page.goto(`${copy.site.url}/admin`);
  await ready(page);
  await signIn(page, NEWCOMER, copy.oneTimePassword!);
  const form = page.locator("form").filter({ hasText: "choose your own" });
  await expect(form).toBeVisible();
  // The one-time password typed seconds earlier is not asked for again.
  await expect(form.getByLabel(/one-time password/i)).toHaveCount(0);
  await expect(form.locator('input[type="password"]')).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "docs/screenshots/62-new-password-412.png" });
  await form.getByLabel("New password (at least 12 characters)").fill("a password of my own");
  await form.getByLabel("New password again").fill("a password of my own");
  await form.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByRole("navigation", { name: "Organisers' areas" })).toBeVisible();
});
