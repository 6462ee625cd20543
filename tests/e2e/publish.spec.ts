/**
 * Issue 31: publishing without a restart. The real server (`server/index.ts`) on ports of its own, with a
 * copy of the content (CONTENT_DIR) that the tests change as an organiser's save would; each publish is a
 * real build (about 15 s on 2 cores). The organiser works in the browser; a client asking for `/` every
 * 100 ms during the publish must get only 200s. Then two servers on one PostgreSQL follow one publish.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { startPostgres, type TestPostgres } from "../../scripts/test-pg";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";
import { startSite, type SiteServer } from "./forms-delivery.helpers";

const BASE = Number(process.env.E2E_PORT ?? 4174) + 110;
/** A build takes 15 s alone, a minute or more while the other browser tests run beside it. */
const BUILD_TIMEOUT = 240_000;
const expect = baseExpect.configure({ timeout: 20_000 });
const OLD_TITLE = "Registration & Welcome";
const NEW_TITLE = "Registration, Coffee & Welcome";

test.describe.configure({ mode: "serial" });

let dir: string;
let contentDir: string;

/** The organisers' working copy: a git repository of its own holding a copy of content/. */
const git = (...args: string[]) =>
  execFileSync("git", ["-C", path.join(dir, "repo"), ...args], { encoding: "utf8" }).trim();

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "tncc-publish-"));
  contentDir = path.join(dir, "repo", "content");
  await cp("content", contentDir, { recursive: true });
  await mkdir(path.join(dir, "repo", "public", "images", "blog"), { recursive: true });
  await writeFile(path.join(dir, "repo", "public", "images", "blog", ".keep"), "");
  git("init", "--quiet", "--initial-branch=main");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content as deployed");
  // The repository the content is pushed to after each publish (CONTENT_GIT_REMOTE).
  execFileSync("git", ["init", "--quiet", "--bare", path.join(dir, "remote.git")]);
});

test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** An organiser's save, made directly in the content copy. */
async function edit(file: string, from: string | RegExp, to: string) {
  const full = path.join(contentDir, file);
  const text = await readFile(full, "utf8");
  const next = text.replace(from, to);
  expect(next, `${file} should contain ${String(from)}`).not.toBe(text);
  await writeFile(full, next);
}

function addOrganiser(env: Record<string, string>) {
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email, "--name", "Grace Mensah"], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, ...env },
    stdio: ["pipe", "ignore", "inherit"],
  });
}

const health = async (site: SiteServer) =>
  (await (await fetch(`${site.url}/healthz`)).json()) as { build: string; builtAt: string; commit: string | null };

async function signIn(page: Page, site: SiteServer) {
  await page.goto(`${site.url}/admin?tab=publish`);
  await ready(page);
  await page.getByLabel("E-mail").fill(ORGANISER.email);
  await page.getByLabel("Password").fill(ORGANISER.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Publish", level: 2 }).last()).toBeVisible();
}

/** The organisers' publish section. */
const panel = (page: Page) => page.getByRole("region", { name: "Publish" });

/** Asks for `/` every 100 ms until stopped; answers every status it got. */
function pollHome(site: SiteServer) {
  const statuses: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const started = Date.now();
      try {
        const res = await fetch(`${site.url}/`);
        await res.arrayBuffer();
        statuses.push(res.status);
      } catch {
        statuses.push(0);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 100 - (Date.now() - started))));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return statuses;
    },
  };
}

test.describe("one server, embedded database", () => {
  let site: SiteServer;

  test.beforeAll(async () => {
    const env = {
      DATA_DIR: path.join(dir, "data"),
      CONTENT_DIR: contentDir,
      PUBLISH_POLL_MS: "500",
      CONTENT_GIT_REMOTE: path.join(dir, "remote.git"),
    };
    addOrganiser(env);
    site = await startSite(BASE, { ...env, SMTP_URL: "" });
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test("publish and roll back need a session and the site's own Origin", async () => {
    for (const route of ["/api/admin/publish", "/api/admin/rollback"]) {
      const anonymous = await fetch(`${site.url}${route}`, { method: "POST", headers: { Origin: site.url } });
      expect(anonymous.status, route).toBe(401);
      const foreign = await fetch(`${site.url}${route}`, {
        method: "POST",
        headers: { Origin: "https://evil.example" },
      });
      expect(foreign.status, route).toBe(403);
    }
    expect((await fetch(`${site.url}/api/admin/publish/1`)).status).toBe(401);
  });

  test("a publish goes live without a restart and without one failed request", async ({ page }) => {
    test.setTimeout(BUILD_TIMEOUT + 60_000);
    const before = await health(site);
    expect(await (await fetch(`${site.url}/schedule`)).text()).toContain(OLD_TITLE.replace("&", "&amp;"));
    const worker = await (await fetch(`${site.url}/sw.js`)).text();

    // The organiser changes the title in the editor: checked, then a commit by them naming file and entry.
    await signIn(page, site);
    await page.goto(`${site.url}/admin/content?file=schedule/day-01.yaml`);
    // The form drawn from the content's schemas: open the first session, change its title.
    const session = page.locator("details", { hasText: `1: ${OLD_TITLE}` });
    await session.locator(":scope > summary").click();
    await session.getByLabel("Title", { exact: true }).fill(NEW_TITLE);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved: Programme · Day 1, Thu 24 Oct." })).toBeVisible();
    expect(git("log", "-1", "--format=%ae|%s")).toBe(
      `${ORGANISER.email}|Edit content/schedule/day-01.yaml: sessions id 1 (${NEW_TITLE})`,
    );
    // The organiser's name (admin:add --name) is the author, not their address's local part (issue 41).
    expect(git("log", "-1", "--format=%an")).toBe("Grace Mensah");
    // Only that line changed: the file's comments and layout stay.
    expect(git("show", "--format=", "--numstat", "HEAD")).toMatch(/^1\t1\tcontent\/schedule\/day-01\.yaml$/);
    await expect(
      // The history in people's words (issue 51): the file by what it holds, the organiser by their name.
      page.getByText(`Programme · Day 1, Thu 24 Oct: ${NEW_TITLE}`).first(),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // A mistake in the Text view: refused with the build's own message, nothing written.
    await page.getByRole("button", { name: "Text", exact: true }).click();
    const text = page.getByLabel("Text of content/schedule/day-01.yaml");
    await expect(text).toHaveValue(new RegExp(`title: ${NEW_TITLE}`));
    await text.fill((await text.inputValue()).replace('end: "09:00"', 'end: "07:00"'));
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("alert")).toContainText(
      `Session 1 (${NEW_TITLE}): the end, 07:00, must be after start (08:00)`,
    );
    expect(git("status", "--porcelain")).toBe("");
    await page.getByRole("button", { name: "Discard my changes and reload" }).click();
    await expect(text).toHaveValue(/end: "09:00"/);

    // A picture uploaded with its alt text: a commit in public/images/ beside the content.
    const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: "#a35" } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("Picture folder").selectOption("blog");
    await page
      .getByLabel("Picture", { exact: true })
      .setInputFiles({ name: "Choir.jpg", mimeType: "image/jpeg", buffer: picture });
    await page.getByLabel("What the picture shows (alt text)").fill("The choir singing on the main stage");
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(
      page.getByRole("status").filter({
        hasText: "Uploaded: “The choir singing on the main stage”. Choose it as “choir” in a picture field.",
      }),
    ).toBeVisible();
    expect(git("log", "-1", "--format=%ae|%s")).toBe(
      `${ORGANISER.email}|Add public/images/blog/choir.jpg: The choir singing on the main stage`,
    );

    // A new blog post written in the editor, with a picture: it is built with the rest.
    await page.getByLabel("Folder of the new file").selectOption("blog/posts");
    await page.getByLabel("Name of the new file").fill("99 Written in the editor");
    await page.getByRole("button", { name: "Start the new file" }).click();
    const post = page.getByLabel("Text of content/blog/posts/99-written-in-the-editor.md");
    // The template borrows nothing, not even an id: the save gives the next free one (issue 41).
    await expect(post).toHaveValue(/^---\ntitle: \n/);
    await post.fill(
      [
        "---",
        "id: 99",
        "title: Written in the Editor",
        "date: 2024-10-20",
        "author: TNCC Team",
        "image: blog/01.jpg",
        "category: event",
        "tags: [conference]",
        "excerpt: A post written in the browser.",
        "---",
        "",
        "Grace, **written** in the browser.",
        "",
      ].join("\n"),
    );
    await page.getByRole("button", { name: "Preview the text" }).click();
    await expect(page.getByRole("region", { name: "Preview" }).locator("strong")).toHaveText("written");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(
      // Named by what it is, never by its path (issue 62).
      page
        .getByRole("status")
        .filter({ hasText: /^Saved: (?!.*content\/).*Visitors see it once the site is published\.$/ }),
    ).toBeVisible();
    expect(git("log", "-1", "--format=%ae|%s")).toBe(
      `${ORGANISER.email}|Edit content/blog/posts/99-written-in-the-editor.md: new file`,
    );

    await page.goto(`${site.url}/admin?tab=publish`);
    // What is live is never named by a build id (issue 41); this one was built from other content than the
    // working copy's (the repository's own), so by its time.
    await expect(panel(page).locator("p", { hasText: /^Live now:/ })).toContainText("Live now: Version built");
    await expect(panel(page)).not.toContainText(before.build);
    const poller = pollHome(site);
    await page.getByRole("button", { name: "Publish the saved changes" }).click();
    // The steps show while they run.
    const steps = page.getByRole("list", { name: "Steps of this publish" });
    await expect(steps.getByRole("listitem")).toHaveText([
      /^Programme changes: done$/,
      // The step running also says what it is doing and the seconds so far (issue 52).
      /^Pictures: (done|under way)/,
      /^Pages: /,
      /^Offline copy: /,
      /^Checks: /,
      /^Going live: /,
    ]);
    await expect(steps.getByText("Pages", { exact: true })).toBeVisible();
    await expect(panel(page).getByRole("status")).toHaveText(/Published|failed/, { timeout: BUILD_TIMEOUT });
    // The pressed button turned "Publishing…": the outcome holds the focus instead, where the eye is.
    await expect(panel(page).getByRole("status")).toBeFocused();
    const statuses = await poller.stop();
    expect(await panel(page).getByRole("alert").allTextContents(), "the build should not fail").toEqual([]);

    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    const after = await health(site);
    expect(after.build).not.toBe(before.build);
    await expect(panel(page).getByRole("status")).toHaveText(
      /^Published in \d+ s: visitors now see the saved changes\.$/,
    );
    // Each version kept is named by what changed and who; the live one is marked; no build id or commit.
    const kept = panel(page).getByRole("list", { name: "Versions kept" }).getByRole("listitem");
    const live = kept.filter({ hasText: "Live now" });
    await expect(live).toHaveCount(1);
    await expect(live).toContainText(/^New: Blog · Written in the Editor, by Grace Mensah, /);
    await expect(kept.filter({ hasText: "Version built" })).toHaveCount(1);
    await expect(panel(page)).not.toContainText(after.build);
    await expect(panel(page)).not.toContainText(git("rev-parse", "--short", "HEAD"));
    await expect(page.getByRole("button", { name: /^Roll back to this: Version built/ })).toBeVisible();
    await expectNoAxeViolations(page);
    const schedule = await (await fetch(`${site.url}/schedule`)).text();
    expect(schedule).toContain(NEW_TITLE.replace("&", "&amp;"));
    expect(await (await fetch(`${site.url}/event-detail/1/1`)).text()).toContain(NEW_TITLE.replace("&", "&amp;"));
    expect(await (await fetch(`${site.url}/schedule.ics`)).text()).toContain("Registration\\, Coffee & Welcome");
    const postPage = await (await fetch(`${site.url}/blog-single/99`)).text();
    expect(postPage).toContain("Written in the Editor");
    expect(postPage).toContain('<source type="image/avif" srcSet="/_img/blog/01-320.avif');
    expect(postPage).toContain('<source type="image/webp" srcSet="/_img/blog/01-320.webp');
    expect(postPage).toMatch(/<img src="\/images\/blog\/01\.jpg" srcSet="\/_img\/blog\/01-320\.jpg/);
    // The published commit is in the remote repository: it stays the source of truth.
    expect(
      execFileSync("git", ["-C", path.join(dir, "remote.git"), "rev-parse", "main"], { encoding: "utf8" }).trim(),
    ).toBe(git("rev-parse", "HEAD"));
    expect(after.commit).toBe(git("rev-parse", "HEAD"));
    // Visitors' offline copies update: the worker's precache names the new pages, so the browser installs it.
    expect(await (await fetch(`${site.url}/sw.js`)).text()).not.toBe(worker);
  });

  test("a failed build leaves the live site as it was; roll back takes under a second", async ({ page }) => {
    test.setTimeout(BUILD_TIMEOUT + 60_000);
    const live = await health(site);
    await edit("schedule/day-01.yaml", 'end: "09:00"', 'end: "07:00"');
    await signIn(page, site);
    // The panel has loaded what is live (a click before that was once lost in a busy run).
    await expect(panel(page).getByText(/^Live now:/)).toBeVisible();
    await page.getByRole("button", { name: "Publish the saved changes" }).click();
    const alert = panel(page).getByRole("alert").filter({ hasText: "Why the build failed" });
    await expect(alert).toContainText("day-01.yaml: sessions[0] (id 1).end: must be after start (08:00)", {
      timeout: BUILD_TIMEOUT,
    });
    await expect(panel(page).getByRole("status")).toHaveText("The publish failed. The live site is unchanged.");
    await expectNoAxeViolations(page);
    expect((await health(site)).build).toBe(live.build);
    expect((await fetch(`${site.url}/`)).status).toBe(200);
    expect(await (await fetch(`${site.url}/schedule`)).text()).toContain(NEW_TITLE.replace("&", "&amp;"));

    // Back to the build before the publish: the old title again, at once.
    await page
      .getByRole("button", { name: /^Roll back to this: Version built/ })
      .first()
      .click();
    await expect(panel(page).getByRole("status")).toHaveText(
      /^Rolled back: visitors now see “Version built .+” \(switched in (\d+) ms\)\.$/,
    );
    const [, ms] = /\(switched in (\d+) ms/.exec((await panel(page).getByRole("status").textContent()) ?? "")!;
    expect(Number(ms)).toBeLessThan(1000);
    expect((await health(site)).build).not.toBe(live.build);
    expect(await (await fetch(`${site.url}/schedule`)).text()).toContain(OLD_TITLE.replace("&", "&amp;"));
    await edit("schedule/day-01.yaml", 'end: "07:00"', 'end: "09:00"');
  });

  test("an organiser's Undo of a change that touched code is refused, and nothing is written", async ({ page }) => {
    // A developer's commit in the working copy that changed a content file and the server's code at once.
    await edit("faqs.yaml", /$/, "# reviewed\n");
    await mkdir(path.join(dir, "repo", "server"), { recursive: true });
    await writeFile(path.join(dir, "repo", "server", "check.ts"), "export const checked = true;\n");
    git("add", "--", "content/faqs.yaml", "server/check.ts");
    git("-c", "user.name=dev", "-c", "user.email=dev@example.org", "commit", "--quiet", "-m", "Content and code");
    const head = git("rev-parse", "HEAD");

    await signIn(page, site);
    await page.goto(`${site.url}/admin/content?file=faqs.yaml`);
    // A developer's commit is a "Site update" in the history (issue 51): its message is not shown.
    await page
      .getByRole("button", { name: /^Undo\s*: Site update/ })
      .first()
      .click();
    await expect(page.getByRole("alert")).toContainText(
      "Undo takes back only changes to the content and pictures; this one touched other files.",
    );
    expect(git("rev-parse", "HEAD")).toBe(head);
    expect(git("status", "--porcelain")).toBe("");
    expect(await readFile(path.join(dir, "repo", "server", "check.ts"), "utf8")).toBe("export const checked = true;\n");
  });
});

test.describe("two servers on one PostgreSQL", () => {
  let database: TestPostgres;
  const sites: SiteServer[] = [];

  test.beforeAll(async () => {
    // A cluster and two servers started one after the other: a limit on waiting on a busy machine, not a goal.
    test.setTimeout(120_000);
    database = startPostgres(BASE + 3);
    const env = { DATABASE_URL: database.url, CONTENT_DIR: contentDir, SMTP_URL: "" };
    addOrganiser(env);
    for (const n of [1, 2]) sites.push(await startSite(BASE + n, { ...env, DATA_DIR: path.join(dir, `server-${n}`) }));
  });

  test.afterAll(async () => {
    for (const site of sites) await site.stop();
    database?.stop();
  });

  test("after a publish on one, both serve the new build within 30 s", async () => {
    test.setTimeout(BUILD_TIMEOUT + 60_000);
    const [first, second] = sites as [SiteServer, SiteServer];
    expect((await health(first)).build).toBe((await health(second)).build);
    await edit("schedule/day-01.yaml", `title: ${NEW_TITLE}`, "title: Registration for Both Servers");

    const signIn = await fetch(`${first.url}/api/admin/session`, {
      method: "POST",
      headers: { Origin: first.url, "Content-Type": "application/json" },
      body: JSON.stringify({ email: ORGANISER.email, password: ORGANISER.password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const started = await fetch(`${first.url}/api/admin/publish`, {
      method: "POST",
      headers: { Origin: first.url, Cookie: cookie },
    });
    expect(started.status).toBe(202);
    const { job } = (await started.json()) as { job: { id: number } };
    // Never two publishes at once, even from another server: the second is refused and names the first.
    const elsewhere = await fetch(`${second.url}/api/admin/publish`, {
      method: "POST",
      headers: { Origin: second.url, Cookie: cookie },
    });
    expect(elsewhere.status).toBe(409);
    expect(((await elsewhere.json()) as { job: { id: number } }).job.id).toBe(job.id);

    let state = "";
    let buildId = "";
    await expect
      .poll(
        async () => {
          const res = await fetch(`${first.url}/api/admin/publish/${job.id}`, { headers: { Cookie: cookie } });
          ({ state, buildId } = (await res.json()) as { state: string; buildId: string });
          return state;
        },
        { timeout: BUILD_TIMEOUT, intervals: [1000] },
      )
      .toMatch(/done|failed/);
    expect(state).toBe("done");
    const published = Date.now();
    expect((await health(first)).build).toBe(buildId);
    await expect.poll(async () => (await health(second)).build, { timeout: 30_000, intervals: [500] }).toBe(buildId);
    expect(Date.now() - published).toBeLessThan(30_000);
    for (const site of sites)
      expect(await (await fetch(`${site.url}/schedule`)).text()).toContain("Registration for Both Servers");
    // The same file has the same validator on both, so a load balancer may send a revalidation to either.
    const etags = await Promise.all(
      sites.map(async (site) => (await fetch(`${site.url}/schedule`)).headers.get("etag")),
    );
    expect(etags[0]).toBeTruthy();
    expect(etags[1]).toBe(etags[0]);
  });
});
