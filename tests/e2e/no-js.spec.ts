import { expect, test } from "@playwright/test";

test.use({ javaScriptEnabled: false });

for (const path of ["/", "/about-us", "/speakers-detail/1", "/no-such-page"]) {
  test(`${path} is readable with JavaScript off`, async ({ page }) => {
    await page.goto(path);
    await expect(page.locator(".start-screen")).toBeHidden({ timeout: 3000 });
    await expect(page.locator("h1")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });
}
