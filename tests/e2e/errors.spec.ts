import { expect, ready, test } from "./fixtures";

for (const path of ["/no-such-page", "/speakers-detail/999", "/event-detail/1/999", "/blog-single/0", "/a/b/c"]) {
  test(`${path} answers 404 with the 404 page`, async ({ page, problems }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not Found" })).toBeVisible();
    await expect(page.getByText("Sorry, we couldnt find the page youre looking for")).toBeVisible();
    await expect(page.getByRole("link", { name: "Home Page" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Contact Us" }).first()).toHaveAttribute("href", "/contact");
    // The 404 page is served without scripts: controls that need them are not offered.
    await expect(page.getByRole("button", { name: "Search" })).toBeHidden();
    // The browser itself logs the document's 404 status; that one is the point of the test.
    expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
  });
}

test("an in-app navigation to an unknown speaker shows the 404 page", async ({ page, problems }) => {
  await page.goto("/speakers-detail/1");
  await ready(page);
  await page.evaluate(() => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } })
      .__reactRouterDataRouter;
    return router.navigate("/speakers-detail/999");
  });
  await expect(page.getByRole("heading", { level: 1, name: "Page not Found" })).toBeVisible();
  expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
});

test("a route chunk that fails to load (a stale deploy) reloads the page once; the next click works", async ({
  page,
}) => {
  await page.goto("/about-us");
  await ready(page);
  let requests = 0;
  // The first request for the page's chunk fails, as after a deploy; after the reload it arrives. Its name from
  // the route manifest: other chunks' names start with "contact-" too (its form's definition).
  const chunk = await page.evaluate(
    () =>
      (window as unknown as { __reactRouterManifest: { routes: Record<string, { module: string }> } })
        .__reactRouterManifest.routes["routes/contact"]!.module,
  );
  await page.route(
    (url) => url.pathname === chunk,
    (route) => (requests++ === 0 ? route.abort() : route.continue()),
  );
  const reloaded = page.waitForEvent("load");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).click();
  await reloaded;
  await ready(page);
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  expect(requests).toBe(2);
});

const hostilePaths = [
  "/..%2f..%2fpackage.json",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/speakers-detail/-1",
  "/speakers-detail/1.5",
  "/speakers-detail/99999999999999999999",
  "/blog-single/%F0%9F%99%8F",
  "/event-detail/1/1/extra",
  "/gallery?page=-3&x=%3Cscript%3E",
  `/${"a".repeat(1500)}`,
];

for (const path of hostilePaths) {
  test(`hostile path ${path.slice(0, 40)} gets a page without a server or page error`, async ({ page, problems }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBeLessThan(500);
    await expect(page.locator("h1")).toBeVisible();
    expect(problems.filter((p) => !p.includes("status of 404"))).toEqual([]);
  });
}
