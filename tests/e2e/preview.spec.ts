/**
 * Issue 41: "Preview this page". The real server with a working copy of its own (CONTENT_DIR, as
 * tests/e2e/content-editor.spec.ts): an organiser saves a new session title; the preview draws the session's
 * page with the site's own components from the saved content, while the public page keeps the live build's
 * title until a publish.
 */
import type { Page } from "@playwright/test";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import type { SiteServer } from "./forms-delivery.helpers";
import { startWorkingCopySite, type WorkingCopySite } from "./working-copy";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 140;
/** A save runs the build's content check: seconds on a busy machine. */
const expect = baseExpect.configure({ timeout: 30_000 });
const FILE = "schedule/day-01.yaml";
const OLD = "Registration & Welcome";
const NEW = "Doors Open & Welcome Coffee";

test.describe.configure({ mode: "serial" });

let copy: WorkingCopySite;
let site: SiteServer;
test.beforeAll(async () => {
  copy = await startWorkingCopySite(PORT, "preview");
  ({ site } = copy);
});

test.afterAll(async () => {
  await copy?.stop();
});

/** Opens a preview, signing in on it (it asks when signed out). */
async function openPreview(page: Page, query: string) {
  await page.goto(`${site.url}/admin/preview?${query}`);
  await ready(page);
  if (await page.getByRole("button", { name: "Sign in" }).isVisible()) {
    await page.getByLabel("E-mail").fill(ORGANISER.email);
    await page.getByLabel("Password").fill(ORGANISER.password);
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  await expect(page.getByRole("region", { name: "Preview", exact: true })).toBeVisible();
}

test("the preview shows a saved title with the site's own page; the public page keeps the live one", async ({
  page,
  problems,
}) => {
  const preview = `file=${FILE}&page=/event-detail/1/1`;
  // Signed out, the preview asks for the sign-in, then shows the page.
  await page.goto(`${site.url}/admin/preview?${preview}`);
  await ready(page);
  await expect(page.getByLabel("E-mail")).toBeVisible();
  await openPreview(page, preview);
  await expect(page.getByRole("heading", { level: 1, name: OLD })).toBeVisible();

  // The organiser saves a new title (as the editor does: PUT /api/admin/content/file, a commit).
  const api = `${site.url}/api/admin/content/file`;
  const opened = await page.request.get(`${api}?path=${encodeURIComponent(FILE)}`);
  expect(opened.status()).toBe(200);
  const { text, blob } = (await opened.json()) as { text: string; blob: string };
  const saved = await page.request.put(api, {
    headers: { origin: site.url },
    data: { path: FILE, text: text.replace(`title: ${OLD}`, `title: ${NEW}`), base: blob },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await openPreview(page, preview);
  const bar = page.getByRole("region", { name: "Preview", exact: true });
  await expect(bar).toContainText("Preview of your changes — saved, not yet published");
  // The session's page as the site draws it: its banner, its details, its neighbour, from the saved content.
  await expect(page.getByRole("heading", { level: 1, name: NEW })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: NEW })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(`Schedule/${NEW}`);
  await expect(page.getByRole("link", { name: /Opening Worship/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add to calendar" })).toBeVisible();
  await expect(page).toHaveTitle(`Preview: ${NEW} | TNCC`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expectNoAxeViolations(page);

  // The picker offers the file's other pages: the schedule shows the new title too.
  const picker = bar.getByLabel("Page");
  await expect(picker).toHaveValue("/event-detail/1/1");
  await picker.selectOption({ label: "Schedule · Day 1" });
  await bar.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Programme" }).getByRole("link", { name: NEW })).toBeVisible();
  await expect(picker).toHaveValue("/schedule");
  await expect(bar.getByRole("link", { name: "Back to the editor" })).toHaveAttribute(
    "href",
    `/admin/content?file=${encodeURIComponent(FILE)}`,
  );

  // Visitors still see the live build until a publish.
  await page.goto(`${site.url}/event-detail/1/1`);
  await ready(page);
  await expect(page.getByRole("heading", { level: 1, name: OLD })).toBeVisible();
  await expect(page.getByText(NEW)).toHaveCount(0);
  // The signed-out first visit's 401 answers aside, no error on the way.
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});

test("each kind of file opens on its page, drawn by the page's own components", async ({ page, problems }) => {
  for (const [file, heading] of [
    ["site.yaml", /Wrapped in Grace/],
    ["speakers/03-ruth-mensah.md", "Ruth Mensah"],
    ["blog/posts/01-welcome-to-the-tncc-blog.md", "Welcome to the TNCC Blog"],
    ["faqs.yaml", "FAQs"],
    ["gallery.yaml", "Gallery"],
    ["ticket-plans.yaml", "Pricing"],
  ] as const) {
    await openPreview(page, `file=${encodeURIComponent(file)}`);
    await expect(page.getByRole("heading", { level: 1, name: heading }).first(), file).toBeVisible();
    // The home page's sections that the pre-rendered page keeps as static HTML are drawn here from the data.
    if (file === "site.yaml")
      await expect(page.getByRole("heading", { name: "Meet our Guests", exact: true })).toBeAttached();
  }
  await expectNoAxeViolations(page);
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});
