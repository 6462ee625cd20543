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
  // (89 files since issue 19 grouped the chunks; 130 before).
  expect(cached.length).toBeGreaterThan(60);
  const homeAssets = await page.evaluate(() => [
    ...new Set(document.documentElement.outerHTML.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g) ?? []),
  ]);
  expect(homeAssets.length).toBeGreaterThan(3);
  expect(cached).toEqual(expect.arrayContaining(homeAssets));
  expect(cached).toEqual(expect.arrayContaining(["/schedule", "/agenda", "/event-detail/2/2", "/speakers-detail/3"]));

  // Installable: Chromium's own checks (those Lighthouse's installability audit read) find no fault in the
  // manifest, its icons or the service worker.
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
