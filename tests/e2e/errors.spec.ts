import { expect, ready, test } from "./fixtures";

for (const path of ["/no-such-page", "/speakers-detail/999", "/event-detail/1/999", "/blog-single/0", "/a/b/c"]) {
  test(`${path} answers 404 with the 404 page`, async ({ page, problems }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not Found" })).toBeVisible();
    await expect(page.getByText("Sorry, we couldnt find the page youre looking for")).toBeVisible();
    await expect(page.getByRole("link", { name: "Home Page" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("link", { name: "Contact Us" }).first()).toHaveAttribute("href", "/contact");
    expect(problems).toEqual([]);
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
  expect(problems.filter((p) => !p.includes("404"))).toEqual([]);
});

test("a failed chunk load reloads the page once", async ({ page }) => {
  await page.goto("/about-us");
  await ready(page);
  let blocked = 0;
  // The first request for the page's chunk fails, as after a deploy; the reload then gets it.
  await page.route(/\/assets\/contact-.*\.js$/, (route) => (blocked++ === 0 ? route.abort() : route.continue()));
  const reload = page.waitForEvent("load");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact Us" }).click();
  await reload;
  expect(blocked).toBeGreaterThan(1);
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
});
