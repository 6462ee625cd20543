/**
 * Issue 41, item 9: the organisers' home at /admin opens on what needs attention, and the area's tabs are a
 * few groups that fit a phone's screen. Against a production server of its own with its own embedded
 * database, so the counts are exact (the shared e2e server's inbox is filled by other specs at the same time).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

// A sign-in costs a deliberately slow scrypt: answers may take longer than 5 s on a busy machine.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });

let site: SiteServer;
let dataDir: string;
test.beforeAll(async () => {
  test.setTimeout(90_000);
  const port = Number(process.env.E2E_PORT ?? 4174) + 120;
  dataDir = `data/e2e-home-${port}-${Date.now().toString(36)}`;
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", ORGANISER.name], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });
  site = await startSite(port, { DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await site?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page, path = "/admin") {
  await page.goto(`${site.url}${path}`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
}

/** The distinct rows a list of links is laid out in (their tops, to the pixel). */
const rows = async (page: Page, nav: string) => {
  const links = page.getByRole("navigation", { name: nav }).getByRole("link");
  const tops = await Promise.all((await links.all()).map(async (l) => Math.round((await l.boundingBox())!.y)));
  return new Set(tops).size;
};

test("the home shows a new contact message and what waits, the areas fit two rows, above the fold", async ({
  page,
  browser,
  problems,
}) => {
  await signIn(page);
  const home = page.getByRole("region", { name: "What needs attention" });
  const messages = home.getByRole("region", { name: "New messages" });
  await expect(messages).toContainText("No new messages.");
  await expect(messages.getByText("0", { exact: true })).toBeVisible();

  // A visitor writes from /contact.
  const visitor = await browser.newPage();
  await visitor.goto(`${site.url}/contact`);
  await ready(visitor);
  const form = visitor.locator('form[action="/api/forms/contact"]');
  await form.locator('[name="name"]').fill("Ada Visitor");
  await form.locator('[name="phone"]').fill("5550199");
  await form.locator('[name="email"]').fill("ada-home@example.org");
  await form.locator('[name="subject"]').fill("Parking on Saturday");
  await form.locator('[name="message"]').fill("Is there parking near the hall?");
  await form.locator("[type=submit]").click();
  await expect(visitor.locator(".Toastify__toast").first()).toBeVisible();
  await visitor.close();

  await page.reload();
  await ready(page);
  await expect(messages.getByText("1", { exact: true })).toBeVisible();
  await expect(messages.getByRole("link", { name: "Contact: 1 new" })).toBeVisible();
  await expect(home.getByRole("region", { name: "Comments waiting" })).toContainText(
    "No comment is waiting for approval.",
  );
  await expect(home.getByRole("region", { name: "Saved changes not yet published" })).toBeVisible();

  // The areas: one nav of a few groups, at most two rows on a 412 px screen; the inbox counts what waits.
  const areas = page.getByRole("navigation", { name: "Organisers' areas" });
  await expect(areas.getByRole("link")).toHaveText(["Home", /^Inbox\s*1 waiting$/, "Content", "People", "Box office"]);
  await expect(areas.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  expect(await rows(page, "Organisers' areas")).toBeLessThanOrEqual(2);
  // What needs attention and the groups are seen without scrolling.
  const fold = page.viewportSize()!.height;
  for (const card of await home.getByRole("region").all()) {
    const box = (await card.boundingBox())!;
    expect(box.y + box.height, await card.innerText()).toBeLessThanOrEqual(fold);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
  mkdirSync("/tmp/shots", { recursive: true });
  await page.screenshot({ path: "/tmp/shots/home-412.png" });

  // The card's link opens the new messages of that form, the message among them.
  await messages.getByRole("link", { name: "Contact: 1 new" }).click();
  await expect(page).toHaveURL(/\?tab=contact&status=new$/);
  await expect(page.getByRole("list", { name: "Contact" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("list", { name: "Contact" })).toContainText("Parking on Saturday");
  await expect(areas.getByRole("link", { name: /^Inbox/ })).toHaveAttribute("aria-current", "page");
  // Before the sign-in, the session check answers 401, which Chromium logs as a failed resource.
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
});

test("every ?tab= address still opens its section in its group, each heading once", async ({ page }) => {
  await signIn(page, "/admin?tab=organisers");
  const areas = page.getByRole("navigation", { name: "Organisers' areas" });
  const tabs: [string, string, string][] = [
    ["contact", "Inbox", "Contact"],
    ["comment", "Inbox", "Comments"],
    ["faq", "Inbox", "FAQ questions"],
    ["ticket", "Box office", "Ticket requests"],
    ["comingSoon", "Inbox", "Coming soon"],
    ["orders", "Box office", "Sponsor tokens"],
    ["box-office", "Box office", "Orders"],
    ["erasure", "Inbox", "Erase an address"],
    ["speakers", "People", "Speakers"],
    ["feedback", "People", "Feedback"],
    ["publish", "Content", "Publish"],
  ];
  await expect(areas.getByRole("link", { name: "People" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Organisers", exact: true })).toHaveCount(1);
  for (const [tab, group, label] of tabs) {
    await page.goto(`${site.url}/admin?tab=${tab}`);
    await expect(areas.getByRole("link", { name: new RegExp(`^${group}`) })).toHaveAttribute("aria-current", /.+/);
    const sections = page.getByRole("navigation", { name: `${group} sections` });
    await expect(sections.getByRole("link", { name: new RegExp(`^${label}`) })).toHaveAttribute("aria-current", "page");
    // The inbox's own tabs wrap to at most three short rows on a phone.
    expect(await rows(page, `${group} sections`), tab).toBeLessThanOrEqual(3);
  }
  await expect(page.getByRole("heading", { name: "Publish", exact: true })).toHaveCount(1);
  // The editor has an address of its own, in the Content group.
  await page
    .getByRole("navigation", { name: "Content sections" })
    .getByRole("link", { name: "Edit", exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/content$/);
  await expect(page.getByRole("heading", { name: "Content", exact: true })).toHaveCount(1);
  await expectNoAxeViolations(page);
});
