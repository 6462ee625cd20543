import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { hashScript, inlineScripts } from "../../scripts/build/headers";
import { serveBuild, stopServer } from "../fixtures/serve-build";
import { expect, ready, test } from "./fixtures";

test.use({ serviceWorkers: "allow" });

test("offline: after one visit, schedule, session, speaker and agenda pages load from the service worker", async ({
  page,
  context,
}) => {
  // The first visit downloads the whole precache (about 90 files) while the page loads: slow on a busy machine.
  test.setTimeout(60_000);
  await page.goto("/");
  await ready(page);
  // The worker is registered when the page is idle. It controls the page once it is activated, and it is only
  // activated once its install step has put every precached file in the cache. (The predicate must be
  // synchronous: waitForFunction takes a returned promise as truthy and would not wait at all.)
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
    timeout: 20_000,
  });
  const cached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith("workbox-precache"));
    const keys = name ? await (await caches.open(name)).keys() : [];
    return keys.map((request) => new URL(request.url).pathname);
  });
  // Every page's HTML and .data, and the files they name: the home page's scripts, stylesheet and font among them
  // (about 95 files since issue 19 grouped the chunks; 130 before).
  expect(cached.length).toBeGreaterThan(60);
  const homeAssets = await page.evaluate(() => [
    ...new Set(document.documentElement.outerHTML.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g) ?? []),
  ]);
  expect(homeAssets.length).toBeGreaterThan(3);
  expect(cached).toEqual(expect.arrayContaining(homeAssets));
  expect(cached).toEqual(expect.arrayContaining(["/schedule", "/agenda", "/event-detail/2/2", "/speakers-detail/3"]));
  // And what they load on demand: a form sent offline is checked, kept and confirmed with a toast as online.
  for (const chunk of [/^\/assets\/send-/, /^\/assets\/toast-container-/])
    expect(
      cached.some((file) => chunk.test(file)),
      String(chunk),
    ).toBe(true);
  // Text is stored gzip-compressed by the worker (the pages below load, so it is decompressed on the way out).
  const stored = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith("workbox-precache")) ?? "";
    const cache = await caches.open(name);
    const key = (await cache.keys()).find((request) => new URL(request.url).pathname === "/schedule");
    const response = key && (await cache.match(key));
    return response ? { marked: response.headers.get("X-Stored-Gzip"), bytes: (await response.blob()).size } : null;
  });
  const plain = (await (await page.request.get("/schedule")).body()).byteLength;
  expect(stored?.marked).toBe("1");
  expect(stored?.bytes).toBeLessThan(plain / 3);

  // Installable: the manifest is named once the page is idle (root.tsx), and Chromium's own checks (those
  // Lighthouse's installability audit read) find no fault in the manifest, its icons or the service worker.
  await expect(page.locator('head link[rel="manifest"]')).toHaveCount(1);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // "in-incognito" describes Playwright's throwaway profile, not the site (Lighthouse left it out too).
  expect(installabilityErrors.filter(({ errorId }) => errorId !== "in-incognito")).toEqual([]);
  const { manifest } = await page.evaluate(async () => ({
    manifest: (await (await fetch("/manifest.webmanifest")).json()) as { icons: { purpose?: string }[] },
  }));
  expect(manifest.icons.some((icon) => icon.purpose?.includes("maskable"))).toBe(true);
  expect(manifest.icons.some((icon) => !icon.purpose || icon.purpose.includes("any"))).toBe(true);

  await context.setOffline(true);
  expect(
    await page.evaluate(() =>
      fetch("/schedule").then(
        (r) => r.ok,
        () => false,
      ),
    ),
  ).toBe(true);

  // A wider picture than the precached 640 w (what a dense phone screen asks for): offline, the 640 w copy.
  const wider = await page.evaluate(async () => {
    const response = await fetch("/_img/sessions/1-960.avif").catch(() => null);
    return response ? { ok: response.ok, type: response.headers.get("Content-Type") } : null;
  });
  expect(wider).toEqual({ ok: true, type: expect.stringContaining("image/avif") });
  expect((await page.goto("/schedule"))?.fromServiceWorker()).toBe(true);
  await ready(page);
  await expect(page.getByRole("heading", { name: "Schedule", level: 1 })).toBeVisible();
  // Navigate by links, as a visitor would: schedule -> session -> speaker -> agenda.
  await page.getByRole("link", { name: "Opening Worship" }).click();
  await expect(page.getByRole("heading", { name: "Opening Worship", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: /My agenda/ }).click();
  await page.getByRole("link", { name: "Samuel Okafor" }).first().click();
  await expect(page.getByRole("heading", { name: "Samuel Okafor", level: 1 })).toBeVisible();

  for (const [path, heading] of [
    ["/event-detail/2/2", "Entrepreneurship Workshop: Building on the Rock"],
    ["/speakers-detail/3", /.+/],
    ["/agenda", "My agenda"],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.fromServiceWorker(), path).toBe(true);
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await expect(page.locator("li[data-session]")).toContainText("Opening Worship");
  await page.getByRole("link", { name: "Opening Worship" }).click();
  await expect(page.getByRole("heading", { name: "Opening Worship", level: 1 })).toBeVisible();

  // Never cached: the API fails offline instead of answering from the cache.
  expect(
    await page.evaluate(() =>
      fetch("/api/agenda.ics?s=bBw").then(
        (r) => r.status,
        () => "offline",
      ),
    ),
  ).toBe("offline");
});

test("a new build replaces the offline copy on the next visit, with a quiet 'updated' notice", async ({ page }) => {
  test.setTimeout(60_000);
  const dir = await mkdtemp(path.join(tmpdir(), "tncc-next-build-"));
  await cp("build/client", path.join(dir, "client"), { recursive: true });
  await cp(path.join("build", BUILD_OUTPUTS.headers.file), path.join(dir, BUILD_OUTPUTS.headers.file));
  const port = 4300 + Math.floor(Math.random() * 500);
  let server = await serveBuild(path.join(dir, "client"), port);
  try {
    await page.goto(`http://127.0.0.1:${port}/schedule`);
    await ready(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
      timeout: 20_000,
    });
    await expect(page.getByText(/^Updated:/)).toHaveCount(0);

    // Deploy the next build: the same site with a changed worker (a new build's precache list changes it).
    await stopServer(server);
    const sw = path.join(dir, "client", "sw.js");
    await writeFile(sw, `${await readFile(sw, "utf8")}\n// the next build\n`);
    await rm(`${sw}.br`, { force: true });
    await rm(`${sw}.gz`, { force: true });
    server = await serveBuild(path.join(dir, "client"), port);

    await page.reload();
    await ready(page);
    await expect(page.getByText(/^Updated: the offline copy of the site is now the newest/)).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole("heading", { name: "Schedule", level: 1 })).toBeVisible();
  } finally {
    await stopServer(server);
    await rm(dir, { recursive: true, force: true });
  }
});

test("a returning visitor online gets the published page on the first visit; offline, the copy (issue 41)", async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const [OLD, NEW] = ["Opening Worship", "Opening Worship and Praise"];
  const dir = await mkdtemp(path.join(tmpdir(), "tncc-published-"));
  await cp("build/client", path.join(dir, "client"), { recursive: true });
  await cp(path.join("build", BUILD_OUTPUTS.headers.file), path.join(dir, BUILD_OUTPUTS.headers.file));
  const port = 4300 + Math.floor(Math.random() * 500);
  const url = `http://127.0.0.1:${port}/event-detail/1/2`;
  let server = await serveBuild(path.join(dir, "client"), port);
  try {
    await page.goto(url);
    await ready(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated", undefined, {
      timeout: 20_000,
    });
    await expect(page.getByRole("heading", { name: OLD, exact: true, level: 1 })).toBeVisible();

    // A publish: the session's title changes on its page (HTML and .data, and so the hashes of its inline
    // scripts in its CSP), and the build's worker with it.
    await stopServer(server);
    const headersFile = path.join(dir, BUILD_OUTPUTS.headers.file);
    let headers = await readFile(headersFile, "utf8");
    for (const file of ["event-detail/1/2/index.html", "event-detail/1/2.data", "sw.js"]) {
      const full = path.join(dir, "client", file);
      const text = await readFile(full, "utf8");
      const next = file === "sw.js" ? `${text}\n// the next build\n` : text.replaceAll(OLD, NEW);
      const [before, after] = [inlineScripts(text), inlineScripts(next)];
      before.forEach((script, i) => (headers = headers.replaceAll(hashScript(script), hashScript(after[i]!))));
      await writeFile(full, next);
      await rm(`${full}.br`, { force: true });
      await rm(`${full}.gz`, { force: true });
    }
    await writeFile(headersFile, headers);
    server = await serveBuild(path.join(dir, "client"), port);

    // The same browser, the next visit: the new title on the first load, not the offline copy's.
    await page.goto(url);
    await expect(page.getByRole("heading", { name: NEW, exact: true, level: 1 })).toBeVisible();

    // Without a network, the offline copy answers.
    await context.setOffline(true);
    await page.goto(url);
    await expect(page.getByRole("heading", { name: new RegExp(`^${OLD}`), level: 1 })).toBeVisible();
  } finally {
    await context.setOffline(false);
    await stopServer(server);
    await rm(dir, { recursive: true, force: true });
  }
});
