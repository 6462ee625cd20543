/**
 * Issue 51, items 3 and 4: the content editor on a phone (412 px), the real server with a working copy of its
 * own. "Preview this page" shows the form as it is, saved or not, in a tab of its own while the form stays;
 * leaving a form with unsaved edits asks first (a link, another file, closing the tab); files appear by what
 * they hold; a file's history lists the organiser's save by their display name and a developer's commit as
 * "Site update", without its message or address.
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ORGANISER } from "./admin-accounts";
import { content } from "./content";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import type { SiteServer } from "./forms-delivery.helpers";
import { startWorkingCopySite, type WorkingCopySite } from "./working-copy";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 235;
/** Each save and each preview runs the build's content loader: seconds on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });
const FILE = "schedule/day-01.yaml";
const NAME = "Grace Mensah";
const DEV = {
  name: "Dev Eloper",
  email: "4242+dev@users.noreply.github.com",
  message: "Issue 7: reflow the day's comments",
};
const [day, secondDay] = content.scheduleDays;
const first = day!.sessions[0]!;
const TYPED = "Doors Open & Welcome Coffee";
const MORE = `${TYPED} and Tea`;

/** "Thu 24 Oct": a calendar date as the editor's list writes it. */
function calendarDay(iso: string) {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" })
    .formatToParts(new Date(`${iso}T00:00:00Z`))
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}
const dayLabel = (d: typeof day) => `Programme · ${d!.label.replace(/\b0+(?=\d)/g, "")}, ${calendarDay(d!.date)}`;

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

let copy: WorkingCopySite;
let site: SiteServer;

test.beforeAll(async () => {
  copy = await startWorkingCopySite(PORT, "unsaved", NAME);
  ({ site } = copy);
  // A developer's commit to the day: the history shows it as "Site update", never its message or address.
  const file = path.join(copy.contentDir, FILE);
  await writeFile(file, `# Reflowed.\n${await readFile(file, "utf8")}`);
  copy.git("add", "--", `content/${FILE}`);
  copy.git("-c", `user.name=${DEV.name}`, "-c", `user.email=${DEV.email}`, "commit", "--quiet", "-m", DEV.message);
});

test.afterAll(async () => {
  await copy?.stop();
});

async function openEditor(page: Page) {
  await page.goto(`${site.url}/admin/content?file=${FILE}`);
  await ready(page);
  // The sign-in form or the editor, whichever the session gives, before looking at which it is.
  await expect(page.getByLabel("E-mail").or(page.getByRole("button", { name: "Save" }))).toBeVisible();
  if (await page.getByLabel("E-mail").isVisible()) {
    await page.getByLabel("E-mail").fill(ORGANISER.email);
    await page.getByLabel("Password").fill(ORGANISER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
}

const picker = (page: Page) => page.getByRole("combobox", { name: "File", exact: true });

test("files appear by what they hold, never by their file names", async ({ page }) => {
  await openEditor(page);
  await expect(picker(page).locator("option:checked")).toHaveText(dayLabel(day));
  const labels = await picker(page).locator("option").allTextContents();
  expect(labels).toEqual(
    expect.arrayContaining([
      dayLabel(secondDay),
      "Blog · comments",
      `Speaker · ${content.speakers[0]!.name}`,
      `Blog · ${content.posts[0]!.title}`,
      "FAQs",
    ]),
  );
  expect(labels.filter((label) => /\.(ya?ml|md)\b|\//.test(label))).toEqual([]);
  await expect(page.getByRole("heading", { name: `History of ${dayLabel(day)}` })).toBeVisible();
  await page.screenshot({ path: "docs/screenshots/51-editor-files-by-name-412.png" });
});

test("the preview shows what is typed, without leaving the form; leaving asks, and the edit stays", async ({
  page,
  problems,
}) => {
  // A preview, two saves' worth of the content loader and three accessibility scans: a minute on a busy machine.
  test.slow();
  await openEditor(page);
  const url = page.url();
  const entry = page.getByRole("group", { name: /^Session 1: / });
  await page.locator("summary", { hasText: `Session 1: ${first.title}` }).click();
  const title = entry.getByLabel("Title", { exact: true });
  await title.fill(TYPED);

  // The preview opens in a tab of its own, drawn from the form as it is now (nothing is saved).
  const [preview] = await Promise.all([
    page.waitForEvent("popup"),
    page.getByRole("button", { name: /^Preview this page/ }).click(),
  ]);
  await ready(preview);
  const bar = preview.getByRole("region", { name: "Preview", exact: true });
  await expect(bar).toContainText("Preview of what you typed — not saved yet, not published");
  await expect(preview.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await expect(preview.getByRole("region", { name: "Programme" }).getByRole("link", { name: TYPED })).toBeVisible();
  await bar.getByLabel("Page").selectOption({ label: TYPED });
  await bar.getByRole("button", { name: "Show", exact: true }).click();
  await expect(preview.getByRole("heading", { level: 1, name: TYPED })).toBeVisible();
  await expectNoAxeViolations(preview);
  await preview.screenshot({ path: "docs/screenshots/51-preview-of-unsaved-edit-412.png" });

  // The form is where it was, with the edit, unsaved; the file on disk is unchanged.
  expect(page.url()).toBe(url);
  await expect(title).toHaveValue(TYPED);
  await expect(page.getByRole("button", { name: "Save" })).toBeEnabled();
  expect(await readFile(path.join(copy.contentDir, FILE), "utf8")).not.toContain(TYPED);

  // More typing: the preview shows it when asked, then closes back to the editor.
  await title.fill(MORE);
  await bar.getByRole("button", { name: "Show my latest typing" }).click();
  await expect(preview.getByRole("heading", { level: 1, name: MORE })).toBeVisible();
  // The button closes its own tab, which may end Playwright's click before the click says it is done: a click
  // that fails because its page closed is the one this test wants.
  const closed = preview.waitForEvent("close");
  await bar
    .getByRole("button", { name: "Close the preview" })
    .click()
    .catch((error: unknown) => {
      if (!preview.isClosed()) throw error;
    });
  await closed;

  // Leaving by a link asks first; staying keeps the edit.
  await page.getByRole("navigation", { name: "Organisers' areas" }).getByRole("link", { name: "Home" }).click();
  const dialog = page.getByRole("dialog", { name: "Your changes are not saved" });
  await expect(dialog).toBeVisible();
  const stay = dialog.getByRole("button", { name: "Stay and keep my changes" });
  await expect(stay).toBeFocused();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "docs/screenshots/51-leaving-asks-412.png" });
  await stay.click();
  await expect(dialog).toBeHidden();
  expect(page.url()).toBe(url);
  await expect(title).toHaveValue(MORE);

  // Another file from the list asks too; Escape stays.
  await picker(page).selectOption({ label: "Blog · comments" });
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(picker(page).locator("option:checked")).toHaveText(dayLabel(day));
  await expect(title).toHaveValue(MORE);

  // Closing the tab (or reloading) asks through the browser: dismissed, the edit is still there.
  const question = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const asked = await question;
  expect(asked.type()).toBe("beforeunload");
  await asked.dismiss();
  await expect(title).toHaveValue(MORE);

  // Saved, it is the organiser's by their name in the history; the developer's commit is a "Site update".
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved:" })).toBeVisible();
  const history = page.getByRole("heading", { name: `History of ${dayLabel(day)}` });
  await expect(
    page.getByRole("button", { name: new RegExp(`^Undo\\s*: ${literal(`${dayLabel(day)}: ${MORE}, ${NAME}, `)}`) }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: /^Undo\s*: Site update, / }).first()).toBeVisible();
  for (const hidden of [DEV.email, DEV.message, DEV.name, "noreply", "setup@example.org"])
    await expect(page.locator("main")).not.toContainText(hidden);
  await history.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "docs/screenshots/51-history-in-words-412.png" });
  await expectNoAxeViolations(page);

  // Nothing unsaved: leaving does not ask.
  await page.getByRole("navigation", { name: "Organisers' areas" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/admin(\?|$)/);
  await expect(dialog).toHaveCount(0);
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});

test("leaving without saving goes, and the file is as saved", async ({ page }) => {
  await openEditor(page);
  const entry = page.getByRole("group", { name: /^Session 1: / });
  await page.locator("summary", { hasText: `Session 1: ${MORE}` }).click();
  await entry.getByLabel("Title", { exact: true }).fill("Not kept");
  await page.getByRole("navigation", { name: "Organisers' areas" }).getByRole("link", { name: "Home" }).click();
  await page.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin(\?|$)/);
  expect(await readFile(path.join(copy.contentDir, FILE), "utf8")).toContain(`title: ${MORE}`);
});

/** A text as a regular expression matching it literally. */
function literal(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
