import { expect, ready, test } from "./fixtures";

// FIXME: fails under the test runner at the first offline fetch (a standalone Playwright script with the same
// steps passes: 129 entries precached, page controlled, /schedule 200 offline). Not yet explained.
test.fixme("offline: after one visit, schedule, session, speaker and agenda pages load from the service worker", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await ready(page);
  // The worker is registered when the page is idle; wait until it is active (its precache is then complete).
  // The worker is registered when the page is idle; wait until it controls the page with its precache filled.
  await page.waitForFunction(
    async () => {
      if (!navigator.serviceWorker.controller) return false;
      const names = await caches.keys();
      const precache = names.find((name) => name.startsWith("workbox-precache"));
      return precache !== undefined && (await (await caches.open(precache)).keys()).length > 50;
    },
    undefined,
    { timeout: 30_000, polling: 500 },
  );

  await context.setOffline(true);
  expect(
    await page.evaluate(() =>
      fetch("/schedule").then(
        (r) => r.ok,
        () => false,
      ),
    ),
  ).toBe(true);

  await page.goto("/schedule");
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
