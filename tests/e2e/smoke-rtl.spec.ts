import { expect, expectNoAxeViolations, ready, test } from "./fixtures";
import { prerenderedPaths } from "./pages";

// The smoke test again, with the demo options set to RTL and Boxed (as the coming-soon panel saves them). The
// mirrored layout belongs to a route's template, not to its words: one page per route (the first blog post, the
// first speaker, the first session), where smoke.spec.ts visits every page.
const route = (p: string) => p.replace(/\/\d+/g, "/:n");
const paths = prerenderedPaths()
  .filter((p) => p !== "/404")
  .filter((p, i, all) => all.findIndex((q) => route(q) === route(p)) === i);

test.describe("smoke in RTL and boxed layout", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      localStorage.setItem("pageDirection", "rtl");
      localStorage.setItem("boxedLayout", "true");
    });
  });

  for (const path of paths) {
    test(`smoke rtl+boxed ${path}: 200, no console error, no hydration warning, no axe violation`, async ({
      page,
      problems,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await ready(page);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      await expect(page.locator("html")).toHaveAttribute("data-layout", "boxed");
      await expect(page.locator("h1")).toHaveCount(1);
      // Nothing sticks out sideways: a mirrored page has no horizontal scroll.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        page.viewportSize()?.width ?? 0,
      );
      await expectNoAxeViolations(page);
      expect(problems).toEqual([]);
    });
  }
});
