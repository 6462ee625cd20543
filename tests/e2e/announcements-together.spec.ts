/**
 * Issue 62, item 2: announcements that stay while they should. An organiser shows "Parking on Friday" on the site
 * only, then a second announcement: both show together on `/`, `/schedule` and `/pricing`, the newest first, each
 * until its own end (the end of the event's day at first, said beside the picker); dismissing one leaves the
 * other. Each audience says who it is in a line. On a phone (412×915).
 *
 * A production server of its own (+295) with its own embedded database: a banner here shows on nobody else's pages.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

// A sign-in costs a deliberately slow scrypt.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE });

const PORT = Number(process.env.E2E_PORT ?? 4174) + 295;
const PATH = "/api/announcements/current";
const dataDir = `data/e2e-announcements-together-${PORT}-${Date.now().toString(36)}`;
let site: SiteServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", ORGANISER.name], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });
  site = await startSite(PORT, { DATA_DIR: dataDir });
});
test.afterAll(async () => {
  await site?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const bannerOf = (page: Page, title: string) => page.getByRole("region", { name: `Announcement: ${title}` });

/** Shows an announcement on the site only, through the organisers' tab. */
async function showOnSite(page: Page, title: string, body: string) {
  const tab = page.getByRole("region", { name: "Announcements", exact: true });
  await tab.getByRole("textbox", { name: "Title" }).fill(title);
  await tab.getByRole("textbox", { name: "Text" }).fill(body);
  await expect(tab.getByRole("radio", { name: "Show on the site only (nobody is e-mailed)" })).toBeChecked();
  await tab.getByRole("button", { name: "Show on the site…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, show it" }).click();
  await expect(tab.getByText(`“${title}” shows on the site's pages now.`)).toBeVisible();
}

test("two site-only announcements show together on /, /schedule and /pricing, each until its end", async ({
  page,
  browser,
  problems,
}) => {
  await page.goto(`${site.url}/admin?tab=announcements`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const tab = page.getByRole("region", { name: "Announcements", exact: true });
  await expect(tab.getByRole("heading", { name: "New announcement" })).toBeVisible();

  // Until the end of the event's day at first, said in the event's zone; each audience says who it is.
  await expect(
    tab.getByText(/^At first the end of the event's day: \w{3} \d{1,2} \w{3} \d{4}, 23:59 \w+\.$/),
  ).toBeVisible();
  const newsletter = tab.getByRole("radio", { name: /^Show on the site and e-mail newsletter subscribers/ });
  await expect(newsletter).toHaveAccessibleDescription(
    "People who signed up for the newsletter on this site and confirmed their address.",
  );
  await expectNoAxeViolations(page);

  await showOnSite(page, "Parking on Friday", "Use the east car park: the west one is closed for the market.");
  await showOnSite(page, "Lunch in Hall B", "Friday's lunch is served downstairs in Hall B.");
  const sent = tab.getByRole("list", { name: "Announcements sent" }).getByRole("listitem");
  await expect(sent).toHaveCount(2);
  await expect(sent.filter({ hasText: "Parking on Friday" })).toContainText("showing until");
  await expect(sent.filter({ hasText: "Lunch in Hall B" })).toContainText("showing until");

  // A visitor sees both on every page, the newest first; neither hides the other.
  const visitors = await browser.newContext({ viewport: PHONE });
  const visitor = await visitors.newPage();
  visitor.on("console", (m) => void (m.type() === "error" && problems.push(`visitor: ${m.text()}`)));
  for (const path of ["/", "/schedule", "/pricing"]) {
    const answer = visitor.waitForResponse((res) => res.url().endsWith(PATH));
    await visitor.goto(`${site.url}${path}`);
    await ready(visitor);
    expect((await answer).status()).toBe(200);
    await expect(bannerOf(visitor, "Parking on Friday"), path).toBeVisible();
    await expect(bannerOf(visitor, "Lunch in Hall B"), path).toBeVisible();
    const titles = await visitor.locator("[data-announcement] h2").allTextContents();
    expect(
      titles.map((t) => t.replace("Announcement:", "").trim()),
      path,
    ).toEqual(["Lunch in Hall B", "Parking on Friday"]);
  }
  await expectNoAxeViolations(visitor);

  // Dismissing the newest leaves "Parking on Friday", on the next page too.
  await bannerOf(visitor, "Lunch in Hall B").getByRole("button", { name: "Dismiss the announcement" }).click();
  await expect(bannerOf(visitor, "Lunch in Hall B")).toHaveCount(0);
  await expect(bannerOf(visitor, "Parking on Friday")).toBeVisible();
  const answer = visitor.waitForResponse((res) => res.url().endsWith(PATH));
  await visitor.goto(`${site.url}/schedule`);
  await ready(visitor);
  await answer;
  await expect(bannerOf(visitor, "Parking on Friday")).toBeVisible();
  await expect(bannerOf(visitor, "Lunch in Hall B")).toHaveCount(0);
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  await visitors.close();
});
