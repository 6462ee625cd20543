/**
 * Issue 51, item 6: announcements that fit a phone (412×915). An organiser shows an announcement on the site
 * only: no audience, no mail. A visitor's page, open since before it was sent, shows it at its next ask, on
 * Playwright's clock (no real 20 s wait): one line, at most 15% of the screen (measured), in the page's flow
 * above the header, opened and closed by keyboard with a visible focus ring, axe-clean. On a programme with a
 * moved and a cancelled session (tests/fixtures/changed-schedule.ts), the banner covers none of the "New time"
 * and "Cancelled" marks of /schedule and /agenda, wherever they stand on the screen.
 *
 * A production server of its own (+263) with its own embedded database and a fake mail server (+264); the
 * changed programme is built beside build/ and served (+265) by the same app on the same database.
 */
import { execFileSync } from "node:child_process";
import { rmSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import type { Locator, Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { createApp } from "../../server/app";
import { attachDatabase, type Database } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { buildChangedSite, MOVED } from "../fixtures/changed-schedule";
import { stopServer } from "../fixtures/serve-build";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, freeze, ready, test } from "./fixtures";
import { FakeSmtp, startSite, type SiteServer } from "./forms-delivery.helpers";

// A sign-in costs a deliberately slow scrypt, and the changed programme is built first (about a minute).
test.slow();
test.describe.configure({ mode: "serial" });
const expect = baseExpect.configure({ timeout: 20_000 });
const PHONE = { width: 412, height: 915 };
test.use({ viewport: PHONE });

const PORT = Number(process.env.E2E_PORT ?? 4174) + 263;
const CHANGED = `http://127.0.0.1:${PORT + 2}`;
const PATH = "/api/announcements/current";
const TITLE = "Lunch moves to Hall B on Friday: bring your badge, the caterers check it at the door";
const BODY =
  "Friday's lunch is served in Hall B, downstairs from the main hall, from 12:30 to 13:45. " +
  "The caterers check badges at the door, so please wear yours. Vegetarian and gluten-free plates are at the " +
  "far end; ask a steward in a gold scarf if you need a hand with the stairs: the lift is beside the cloakroom.";
const dataDir = `data/e2e-announcements-site-${PORT}-${Date.now().toString(36)}`;
let site: SiteServer;
let smtp: FakeSmtp;
let database: Database;
let changed: Server;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", ORGANISER.name], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });
  smtp = new FakeSmtp(PORT + 1);
  await smtp.start();
  site = await startSite(PORT, {
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${PORT + 1}`,
    MAIL_POLL_MS: "200",
    MAIL_BACKOFF_MS: "200",
  });
  // The changed programme, served by the production app on the running server's database.
  const client = path.join(await buildChangedSite(), "client");
  database = await attachDatabase({ dataDir });
  const app = createApp({
    root: client,
    headersFile: path.join(client, "..", BUILD_OUTPUTS.headers.file),
    database,
    log: () => {},
  });
  changed = serve({ fetch: app.fetch, port: PORT + 2, hostname: "127.0.0.1" }) as Server;
});
test.afterAll(async () => {
  if (changed) await stopServer(changed);
  await database?.close();
  await site?.stop();
  await smtp?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const bannerOf = (page: Page) => page.getByRole("region", { name: /^Announcement:/ });
/** The strip the banner takes on the page: the region and its border. */
const stripOf = (page: Page) => page.locator("[data-announcement]").locator("xpath=..");

/** Opens `url` and waits for the banner's first answer (it asks once the page is idle). */
async function open(page: Page, url: string) {
  const answer = page.waitForResponse((res) => res.url().endsWith(PATH));
  await page.goto(url);
  await ready(page);
  expect((await answer).status()).toBe(200);
}

async function signIn(page: Page) {
  await page.goto(`${site.url}/admin?tab=announcements`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
}

/** The banner's height on the screen, in px, and as a share of the screen's height. */
async function measure(page: Page) {
  const box = (await stripOf(page).boundingBox())!;
  return { height: box.height, share: box.height / PHONE.height, top: box.y };
}

/**
 * Each of the page's change marks, put at the bottom of the screen, then in its middle: what shows at its badge's
 * centre is its session's own card (the badge, or the card's link over it), never the banner.
 */
async function marksUncovered(page: Page, marks: Locator) {
  const count = await marks.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i++) {
    const badge = marks.nth(i).locator("span").first();
    for (const where of ["bottom", "middle"] as const) {
      const hit = await badge.evaluate((el, at) => {
        const r = el.getBoundingClientRect();
        const target = at === "bottom" ? innerHeight - r.height - 4 : (innerHeight - r.height) / 2;
        scrollBy({ top: r.top - target, behavior: "instant" });
        const now = el.getBoundingClientRect();
        const top = document.elementFromPoint(now.left + now.width / 2, now.top + now.height / 2);
        // A session card's own link covers the card (its ::after): the card's own content is on top.
        const card = el.closest("li, article") ?? el;
        return {
          onTop: !!top && card.contains(top),
          banner: !!top?.closest("[data-announcement]"),
          what: `${top?.outerHTML.slice(0, 120)} at ${JSON.stringify(now)} of ${innerHeight}, scrolled ${scrollY}`,
        };
      }, where);
      expect(hit, `mark ${i} at the ${where} of the screen: ${hit.what}`).toMatchObject({ onTop: true, banner: false });
    }
  }
}

test("a site-only announcement mails nobody, and a page left open shows it within 30 s, on one line", async ({
  page,
  browser,
  problems,
}) => {
  // A visitor's page is open before anything is announced, its clock in the test's hands.
  const visitors = await browser.newContext({ viewport: PHONE });
  const visitor = await visitors.newPage();
  visitor.on("console", (m) => void (m.type() === "error" && problems.push(`visitor: ${m.text()}`)));
  await visitor.clock.install();
  await open(visitor, `${site.url}/`);
  await expect(bannerOf(visitor)).toHaveCount(0);
  await freeze(visitor);
  // Asked again 20 s on: nothing new, a bodiless 304.
  const unchanged = visitor.waitForResponse((res) => res.url().endsWith(PATH));
  await visitor.clock.runFor(20_000);
  const first = await unchanged;
  expect(first.status()).toBe(304);
  expect(first.request().headers()["if-none-match"]).toMatch(/^".+"$/);

  await signIn(page);
  const tab = page.getByRole("region", { name: "Announcements", exact: true });
  await tab.getByRole("textbox", { name: "Title" }).fill(TITLE);
  await tab.getByRole("textbox", { name: "Text" }).fill(BODY);
  // The first choice, and the one chosen at first: the site only. No test mail to send, then.
  const siteOnly = tab.getByRole("radio", { name: "Show on the site only (nobody is e-mailed)" });
  await expect(siteOnly).toBeChecked();
  await expect(tab.getByRole("radio", { name: /^Show on the site and e-mail newsletter subscribers/ })).toBeVisible();
  await expect(tab.getByRole("button", { name: "Send a test to me" })).toHaveCount(0);
  await tab.getByRole("button", { name: "Preview" }).click();
  const preview = tab.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("region", { name: `Announcement: ${TITLE}` })).toBeVisible();
  await expect(preview).toContainText("Shown on the site only: nobody is e-mailed.");
  await expect(preview).not.toContainText("Subject:");
  await expectNoAxeViolations(page);

  await tab.getByRole("button", { name: "Show on the site…" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Nobody is e-mailed.");
  await confirm.getByRole("button", { name: "Yes, show it" }).click();
  await expect(tab.getByText("shows on the site's pages now. Nobody was e-mailed.")).toBeVisible();
  const sent = tab.getByRole("list", { name: "Announcements sent" }).getByRole("listitem");
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText("On the site only on");
  await expect(sent).toContainText("Not e-mailed.");
  await expectNoAxeViolations(page);

  // Mailed to nobody: nobody listed (so the pacer can never queue a mail), nothing queued, nothing sent.
  const [row] = rowsOf<{ id: number; audience: string | null; listed: number; queued: number }>(
    await database.db.execute(sql`
      SELECT a.id, a.audience,
        (SELECT count(*)::int FROM announcement_recipients r WHERE r.announcement_id = a.id) AS listed,
        (SELECT count(*)::int FROM mail_queue m WHERE m.subject LIKE '%Lunch moves%') AS queued
      FROM announcements a`),
  );
  expect(row).toMatchObject({ audience: null, listed: 0, queued: 0 });
  expect(smtp.mails.filter((m) => m.raw.includes("Lunch moves"))).toEqual([]);

  // The open page shows it at its next ask, at most 20 s of its clock after the sending (no navigation).
  await expect(bannerOf(visitor)).toHaveCount(0);
  const changedAnswer = visitor.waitForResponse((res) => res.url().endsWith(PATH));
  await visitor.clock.runFor(20_000);
  expect((await changedAnswer).status()).toBe(200);
  const banner = bannerOf(visitor);
  await expect(banner).toBeVisible();
  // Time flows again (axe waits on timers).
  await visitor.clock.resume();

  // One line: the title cut, the text closed; at most 15% of the screen, measured; above the header, in the flow.
  const toggle = banner.getByRole("button", { name: `Announcement: ${TITLE}` });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(banner.getByText(BODY)).toBeHidden();
  const title = toggle.locator(".truncate");
  expect(await title.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const closed = await measure(visitor);
  console.log(
    `banner at 412×915, closed: ${closed.height.toFixed(1)} px, ${(closed.share * 100).toFixed(1)}% of the screen`,
  );
  test.info().annotations.push({ type: "banner height", description: `${closed.height.toFixed(1)} px` });
  expect(closed.share).toBeLessThanOrEqual(0.15);
  expect(closed.top).toBe(0);
  const header = (await visitor.locator("header").first().boundingBox())!;
  expect(header.y).toBeGreaterThanOrEqual(closed.height - 0.5);
  expect(await stripOf(visitor).evaluate((el) => getComputedStyle(el).position)).toBe("static");

  // By keyboard: Skip to content, then the banner's title; Enter opens the text, Escape closes it.
  await visitor.keyboard.press("Tab");
  await expect(visitor.getByRole("link", { name: "Skip to content" })).toBeFocused();
  await visitor.keyboard.press("Tab");
  await expect(toggle).toBeFocused();
  const ring = await toggle.evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: s.outlineWidth, color: s.outlineColor };
  });
  expect(ring).toEqual({ style: "solid", width: "3px", color: "rgb(232, 177, 58)" });
  await visitor.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(banner.getByText(BODY)).toBeVisible();
  await expectNoAxeViolations(visitor);
  await visitor.keyboard.press("Escape");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(banner.getByText(BODY)).toBeHidden();
  await expectNoAxeViolations(visitor);
  expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
  await visitors.close();
});

test("the banner covers none of the marks of /schedule and /agenda on a phone", async ({ page, problems }) => {
  await open(page, `${CHANGED}/schedule`);
  await expect(bannerOf(page)).toBeVisible();
  expect((await measure(page)).share).toBeLessThanOrEqual(0.15);
  await marksUncovered(page, page.locator("main [data-change]"));
  await expectNoAxeViolations(page);

  // The moved session starred: /agenda marks it "New time".
  await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
  await page.getByRole("button", { name: `My agenda: ${MOVED.title}` }).click();
  await open(page, `${CHANGED}/agenda`);
  await expect(bannerOf(page)).toBeVisible();
  await expect(page.locator("main [data-change=moved]")).toContainText("New time");
  await marksUncovered(page, page.locator("main [data-change]"));
  // Opened, it still covers nothing: it moves the page down instead.
  await page.evaluate(() => scrollTo({ top: 0, behavior: "instant" }));
  await bannerOf(page)
    .getByRole("button", { name: /^Announcement:/ })
    .click();
  await expect(bannerOf(page).getByText(BODY)).toBeVisible();
  await marksUncovered(page, page.locator("main [data-change]"));
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});
