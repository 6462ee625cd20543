import { expect, expectNoAxeViolations, ready, test } from "./fixtures";
import { prerenderedPaths } from "./pages";

const paths = prerenderedPaths().filter((p) => p !== "/404");

test("the build pre-renders every route of the spec table", () => {
  for (const route of [
    "/",
    "/home",
    "/revival",
    "/home-2",
    "/home-3",
    "/home-4",
    "/home-5",
    "/about-us",
    "/pricing",
    "/faqs",
    "/gallery",
    "/coming-soon",
    "/speakers",
    "/schedule",
    "/buy-ticket",
    "/blog-sidebar",
    "/blog-grid",
    "/login",
    "/contact",
    "/success",
    "/cancel",
    "/speakers-detail/1",
    "/event-detail/1/1",
    "/blog-single/1",
  ]) {
    expect(paths).toContain(route);
  }
});

for (const path of paths) {
  test(`smoke ${path}: 200, no console error, no hydration warning, no axe violation`, async ({ page, problems }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await ready(page);
    await expect(page.locator("h1")).toHaveCount(1);
    await expectNoAxeViolations(page);
    expect(problems).toEqual([]);
  });
}
