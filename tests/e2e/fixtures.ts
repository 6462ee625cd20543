import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";

/** The test pages of tests/fixtures/harness (the second web server in playwright.config.ts). */
export const HARNESS = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4174) + 1000}/`;

/** Waits until the start-up screen is gone and React has hydrated the page. */
export async function ready(page: Page) {
  await page.waitForLoadState("networkidle");
  await expect(page.locator(".start-screen")).toBeHidden();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * Runs axe on the page as it will stay. While axe runs, CSS transitions are off (a style change applies at once)
 * and every finite animation still running is jumped to its end, so axe never measures a colour or an opacity
 * caught half-way: after a tap on a phone, the button's :hover changes a moment later and its 200 ms colour
 * transition started during axe's run (measured 2.2:1 and 4.2:1 on "Erase…", issue 34). Infinite animations
 * are left alone; the page is as it was afterwards.
 */
export async function expectNoAxeViolations(page: Page) {
  const settled = await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      const end = animation.effect?.getComputedTiming().endTime;
      if (typeof end === "number" && Number.isFinite(end)) animation.finish();
    }
  });
  const result = await new AxeBuilder({ page }).analyze();
  await settled.evaluate((style) => (style as Element).remove());
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/**
 * Stops the page's clock (installed with `page.clock.install()`) a moment from now: from then on timers,
 * animation frames and Date only move with `page.clock.runFor()`.
 */
export async function freeze(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/** Collects console errors, page errors and CSP violations so a spec can assert there were none. */
export const test = base.extend<{ problems: string[] }>({
  problems: async ({ page }, provide) => {
    const problems: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" || /hydrat/i.test(message.text())) problems.push(`console: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await provide(problems);
  },
});

export { expect };
