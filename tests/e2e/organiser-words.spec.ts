/**
 * Issue 62, "words": an organiser with a display name (`admin:add --name`) walks the organisers' screens on a
 * 412 px phone — Home, Content (the editor as first opened), Publish, People, Box office (an order issued by hand),
 * Inbox and the door — and none shows a path (`content/`, `.yaml`, `.jpg`), an organiser's address where a name
 * belongs, a commit message or author the editor did not write ("Content as deployed" by "setup"), or "deploy".
 * Publish names who published by name, and lists a saved move once (not again as "Also 1 other change"). The
 * real server on a port of its own (E2E_PORT + 296) with a git working copy of the content.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 296;
/** A build takes 15 s alone, a minute or more while the other browser tests run beside it. */
const BUILD_TIMEOUT = 240_000;
const expect = baseExpect.configure({ timeout: 20_000 });
/** Day 01's third session (content/schedule/day-01.yaml), moved by the organiser. */
const MOVED = { id: 3, title: "The Grace of Salvation" };

test.describe.configure({ mode: "serial" });
test.use({ viewport: { width: 412, height: 915 } });
test.slow();

let dir: string;
let contentDir: string;
let site: SiteServer;

const git = (...args: string[]) =>
  execFileSync("git", ["-C", path.join(dir, "repo"), ...args], { encoding: "utf8" }).trim();

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dir = await mkdtemp(path.join(tmpdir(), "tncc-words-"));
  contentDir = path.join(dir, "repo", "content");
  await cp("content", contentDir, { recursive: true });
  git("init", "--quiet", "--initial-branch=main");
  git("add", ".");
  // The content as a developer committed it: its message and author are nobody's words on the organisers' screens.
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content as deployed");
  const env = { DATA_DIR: path.join(dir, "data"), CONTENT_DIR: contentDir, PUBLISH_POLL_MS: "500", SMTP_URL: "" };
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", ORGANISER.name], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, ...env },
    stdio: ["pipe", "ignore", "inherit"],
  });
  site = await startSite(PORT, env);
});

test.afterAll(async () => {
  await site?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/**
 * The page's visible words, but where an address is the point (People's "signs in with", an invitation's "to":
 * marked `data-address`), checked for a developer's words and for the organiser's address.
 */
async function expectPeoplesWords(page: Page, where: string) {
  await page.waitForLoadState("networkidle");
  const text = await page.evaluate(() => {
    const hidden = [...document.querySelectorAll<HTMLElement>("[data-address]")];
    for (const el of hidden) el.style.display = "none";
    const words = document.body.innerText;
    for (const el of hidden) el.style.display = "";
    return words;
  });
  const said = `${where} says:\n${text}`;
  expect(text.length, said).toBeGreaterThan(0);
  expect(text, said).not.toMatch(/content\/|\.ya?ml\b|\.jpe?g\b/i);
  expect(text, said).not.toContain(ORGANISER.email);
  expect(text, said).not.toMatch(/\bdeploy/i);
  expect(text, said).not.toMatch(/Content as deployed|\bsetup\b|setup@example\.org/);
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
}

/** An organiser's save of a session's new start, committed in their name as the editor writes it. */
async function moveSession() {
  const file = path.join(contentDir, "schedule", "day-01.yaml");
  const text = await readFile(file, "utf8");
  const at = text.indexOf(`title: ${MOVED.title}`);
  const start = text.lastIndexOf('start: "', at);
  const next = `${text.slice(0, start)}start: "11:00"${text.slice(start + 'start: "00:00"'.length)}`;
  expect(next).not.toBe(text);
  await writeFile(file, next);
  git(
    "-c",
    `user.name=${ORGANISER.name}`,
    "-c",
    `user.email=${ORGANISER.email}`,
    "commit",
    "--quiet",
    "-am",
    `Edit content/schedule/day-01.yaml: sessions id ${MOVED.id} (${MOVED.title})`,
  );
}

const publishPanel = (page: Page) => page.getByRole("region", { name: "Publish" });

test("@phone the organisers' screens name people and builds in people's words", async ({ page }) => {
  test.setTimeout(BUILD_TIMEOUT + 240_000);
  await page.goto(`${site.url}/admin`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
  await expectPeoplesWords(page, "Home");

  // Content: the editor as first opened, its history "Site update" by no one, its files and pictures by name.
  await page.goto(`${site.url}/admin/content`);
  await ready(page);
  await expectPeoplesWords(page, "Content");

  // Publish: the build the server started on (a deploy) names no developer and no "deploy".
  await page.goto(`${site.url}/admin?tab=publish`);
  await ready(page);
  await expect(page.getByRole("heading", { name: "What goes live" })).toBeVisible();
  await expectPeoplesWords(page, "Publish, before any publish");
  await page.getByRole("button", { name: "Publish the saved changes" }).click();
  await expect(publishPanel(page).getByRole("status")).toHaveText(/Published|failed/, { timeout: BUILD_TIMEOUT });
  expect(await publishPanel(page).getByRole("alert").allTextContents(), "the build should not fail").toEqual([]);
  await page.reload();
  await ready(page);
  // Published by the organiser's name; the version from the developer's commit is a "Site update".
  await expect(publishPanel(page).locator("p", { hasText: /^Live now:/ })).toContainText(
    new RegExp(`^Live now: Site update.*Published .* by ${ORGANISER.name}\\.$`),
  );
  await expectPeoplesWords(page, "Publish, after a publish");

  // A saved move: listed once, as the move, not again as "Also 1 other change: Programme · Day 1".
  await moveSession();
  await page.reload();
  await ready(page);
  const moves = publishPanel(page).getByRole("list", { name: "Programme changes" }).getByRole("listitem");
  await expect(moves).toHaveCount(1);
  await expect(moves).toContainText(`${MOVED.title} moves`);
  await expect(publishPanel(page).getByRole("list", { name: "Other saved changes" })).toHaveCount(0);
  await expect(publishPanel(page).getByText(/other changes?:/)).toHaveCount(0);
  await expectPeoplesWords(page, "Publish, a move saved");

  // People: the organiser by name; their address only as what they sign in with.
  await page.goto(`${site.url}/admin?tab=organisers`);
  await ready(page);
  const me = page.getByRole("list", { name: "Who has access" }).getByRole("listitem").first();
  await expect(me.locator("strong")).toHaveText(ORGANISER.name);
  await expect(me).toContainText(/last signed in/);
  await expectPeoplesWords(page, "People");

  // Box office: an order paid at the door, issued by the organiser: its steps name them, not their address.
  const issued = await page.request.post(`${site.url}/api/admin/box-office/orders`, {
    headers: { origin: site.url },
    data: {
      plan: "person",
      quantity: "1",
      name: "Walk Buyer",
      email: "walk.buyer@example.org",
      kind: "door",
      amount: "38.00",
    },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  await page.goto(`${site.url}/admin?tab=box-office`);
  await ready(page);
  const orders = page.getByRole("region", { name: "Orders", exact: true });
  await orders.getByRole("button", { name: /: Walk Buyer$/ }).click();
  const timeline = orders.getByRole("list", { name: /^Timeline of / });
  await expect(timeline).toContainText(`(${ORGANISER.name})`);
  await expectPeoplesWords(page, "Box office");

  // Inbox and the door.
  await page.goto(`${site.url}/admin?tab=contact`);
  await ready(page);
  await expectPeoplesWords(page, "Inbox");
  await page.goto(`${site.url}/checkin`);
  await ready(page);
  await expect(page.getByRole("heading", { name: "Check-in", level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const door = await page.locator("body").innerText();
  expect(door).not.toContain(ORGANISER.email);
  expect(door).not.toMatch(/content\/|\.ya?ml\b|\.jpe?g\b|\bdeploy/i);
});
