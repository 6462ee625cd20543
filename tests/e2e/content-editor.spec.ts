/**
 * Issue 41: the content editor as a church volunteer uses it on a phone (412 px). The real server with a
 * working copy of its own (CONTENT_DIR, as tests/e2e/publish.spec.ts): a save's result is scrolled to and
 * focused; a refused save marks the field, in words; a new session and a new post are saved with no id or
 * number typed (the save gives the next free ones); each field is named by its label alone.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import { parse } from "yaml";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import type { SiteServer } from "./forms-delivery.helpers";
import { startWorkingCopySite, type WorkingCopySite } from "./working-copy";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 130;
/** Each save runs the build's content check: seconds on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

let copy: WorkingCopySite;
let site: SiteServer;
let contentDir: string;
const git = (...args: string[]) => copy.git(...args);

test.beforeAll(async () => {
  copy = await startWorkingCopySite(PORT, "editor");
  ({ site, contentDir } = copy);
});

test.afterAll(async () => {
  await copy?.stop();
});

async function openFile(page: Page, file: string) {
  await page.goto(`${site.url}/admin/content?file=${file}`);
  await ready(page);
  if (await page.getByLabel("E-mail").isVisible()) {
    await page.getByLabel("E-mail").fill(ORGANISER.email);
    await page.getByLabel("Password").fill(ORGANISER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
}

/** Scrolls the page so that Save is at the bottom of the screen, as a thumb reaches it, and presses it. */
async function saveFromTheBottom(page: Page) {
  const save = page.getByRole("button", { name: "Save" });
  await save.evaluate((button) => {
    const box = button.getBoundingClientRect();
    window.scrollBy({ top: box.bottom - window.innerHeight + 8, behavior: "instant" });
  });
  await save.click();
}

/** Opens a list entry (its <details>) by the name its summary shows. */
const openEntry = (page: Page, name: string | RegExp) =>
  page
    .locator("summary")
    .filter({
      hasText: typeof name === "string" ? new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) : name,
    })
    .click();

const read = async (rel: string) =>
  parse(await readFile(path.join(contentDir, rel), "utf8")) as Record<string, unknown>;
type Session = { id: number; number: number; title: string };

test("a save's result is scrolled to and focused; a refused one marks its field in words", async ({ page }) => {
  await openFile(page, "schedule/day-01.yaml");
  const day = await read("schedule/day-01.yaml");
  const first = (day.sessions as (Session & { start: string })[])[0]!;
  const entry = page.getByRole("group", { name: `Session 1: ${first.title}` });
  await openEntry(page, `Session 1: ${first.title}`);
  const end = entry.getByLabel("End", { exact: true });
  // The browser's own time picker, written as the file writes it.
  await expect(end).toHaveAttribute("type", "time");
  await end.fill("07:00");
  await saveFromTheBottom(page);

  const said = `Session 1 (${first.title}): the end, 07:00, must be after start (${first.start})`;
  const summary = page.getByRole("alert").filter({ hasText: "please correct what is marked" });
  await expect(summary).toContainText(said);
  await expect(summary.locator("..")).toBeFocused();
  await expect(summary).toBeInViewport();
  await expect(end).toHaveAttribute("aria-invalid", "true");
  await expect(end).toHaveAccessibleDescription(said);
  // The summary's line leads to the field.
  await summary.getByRole("link", { name: said }).click();
  await expect(end).toBeFocused();
  await expect(end).toBeInViewport();
  await expectNoAxeViolations(page);

  await end.fill("09:30");
  await saveFromTheBottom(page);
  // Named by what it holds, never by its file (issue 62).
  const saved = page.getByRole("status").filter({ hasText: /^Saved: Programme · Day 1, / });
  await expect(saved.locator("..")).toBeFocused();
  await expect(saved).toBeInViewport();
  await expect(end).not.toHaveAttribute("aria-invalid");
  expect(((await read("schedule/day-01.yaml")).sessions as { end: string }[])[0]!.end).toBe("09:30");
});

test("a new session and a new post are saved with no id or number typed: they get the next free ones", async ({
  page,
}) => {
  const days = await Promise.all((await readdir(path.join(contentDir, "schedule"))).map((f) => read(`schedule/${f}`)));
  const numbers = days.flatMap((d) => (d.sessions as Session[]).map((s) => s.number));
  const before = (await read("schedule/day-01.yaml")).sessions as Session[];

  await openFile(page, "schedule/day-01.yaml");
  await expect(page.getByLabel("Id", { exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Number", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Add to sessions" }).click();
  const name = `Session ${before.length + 1}`;
  await openEntry(page, name);
  const entry = page.getByRole("group", { name });
  await entry.getByLabel("Title", { exact: true }).fill("Prayer walk");
  await entry.getByLabel("Start", { exact: true }).fill("17:00");
  await entry.getByLabel("Text", { exact: true }).fill("We walk and pray around the neighbourhood.");
  // The speaker is chosen by name.
  const speaker = entry.getByLabel("Speaker", { exact: true });
  await expect(speaker.getByRole("option").nth(1)).not.toHaveText(/^\d+$/);
  await speaker.selectOption({ index: 1 });
  // The picture from thumbnails of the pictures the sessions use.
  await entry.getByRole("button", { name: "Image" }).click();
  await entry.getByRole("list", { name: "Pictures for Image" }).getByRole("button").first().click();
  await expect(entry.getByText(/^Chosen: Sessions picture \d+$/)).toBeVisible();
  await saveFromTheBottom(page);
  await expect(page.getByRole("status").filter({ hasText: "Saved:" })).toBeVisible();
  const after = (await read("schedule/day-01.yaml")).sessions as (Session & { speaker: number })[];
  const added = after.at(-1)!;
  expect(added).toMatchObject({
    id: Math.max(...before.map((s) => s.id)) + 1,
    number: Math.max(...numbers) + 1,
    title: "Prayer walk",
  });
  expect(typeof added.speaker).toBe("number");

  // A post: its folder's template borrows nothing; its id is given at the save.
  const posts = await Promise.all(
    (await readdir(path.join(contentDir, "blog", "posts"))).map(async (f) => {
      const text = await readFile(path.join(contentDir, "blog", "posts", f), "utf8");
      return parse(text.split("---")[1]!) as { id: number };
    }),
  );
  await page.getByLabel("Folder of the new file").selectOption({ label: "Blog posts" });
  await page.getByLabel("Name of the new file").fill("Doors open early");
  await page.getByRole("button", { name: "Start the new file" }).click();
  // The day's six sessions give way to the new post's one title.
  await expect(page.getByLabel("Title", { exact: true })).toHaveCount(1);
  await page.getByLabel("Title", { exact: true }).fill("Doors open early");
  await expect(page.getByLabel("Date", { exact: true })).toHaveAttribute("type", "date");
  await page.getByLabel("Date", { exact: true }).fill("2024-10-20");
  await page.getByLabel("Author", { exact: true }).fill("TNCC team");
  await expect(page.getByText("No picture chosen yet.")).toBeVisible();
  await page.getByRole("button", { name: "Image" }).click();
  await page.getByRole("list", { name: "Pictures for Image" }).getByRole("button").first().click();
  await page.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await page.getByRole("group", { name: "Tags" }).getByRole("checkbox").first().check();
  await page.getByLabel("Excerpt", { exact: true }).fill("The doors open at 8 on every day of the conference.");
  await saveFromTheBottom(page);
  await expect(
    page.getByRole("status").filter({ hasText: /^Saved: New in Blog posts: doors-open-early\. / }),
  ).toBeVisible();
  const post = await readFile(path.join(contentDir, "blog", "posts", "doors-open-early.md"), "utf8");
  expect(post).toContain(`id: ${Math.max(...posts.map((p) => p.id)) + 1}\n`);
  expect(git("log", "-1", "--format=%s")).toBe("Edit content/blog/posts/doors-open-early.md: new file");
});

test("each field of the form is named by its label alone", async ({ page }) => {
  await openFile(page, "schedule/day-01.yaml");
  await openEntry(page, /^Session 2: /);
  const controls = page.locator("main").locator("input:not([type=hidden]):not([type=file]), select, textarea");
  const count = await controls.count();
  expect(count).toBeGreaterThan(10);
  for (let i = 0; i < count; i++) {
    const control = controls.nth(i);
    if (!(await control.isVisible())) continue;
    const id = await control.getAttribute("id");
    const label = (await page.locator(`label[for="${id}"]`).first().textContent())?.trim();
    expect(label, `the label of #${id}`).toBeTruthy();
    await expect(control).toHaveAccessibleName(label!);
  }
  // A hint describes its field: it is not part of the field's name.
  await expect(
    page.getByRole("group", { name: /^Session 2: / }).getByLabel("Speaker", { exact: true }),
  ).toHaveAccessibleDescription("Leave empty for e.g. Registration.");
  await expectNoAxeViolations(page);
});
