import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

/** Click an option of the demo panel (the radio itself is visually hidden inside its label). */
const choose = (page: Page, name: string) =>
  page
    .locator("label")
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();

test.describe("demo options (coming-soon page)", () => {
  test("RTL survives a reload and mirrors the whole site", async ({ page, problems }) => {
    await page.goto("/coming-soon");
    await ready(page);
    await expect(page.locator("html")).not.toHaveAttribute("dir", "rtl");
    await choose(page, "RTL");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    expect(await page.evaluate(() => localStorage.getItem("pageDirection"))).toBe("rtl");

    await page.reload();
    // Set before first paint, by the inline script in <head> (no flash, no CSP violation).
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await ready(page);
    await expect(page.getByRole("radio", { name: "RTL" })).toBeChecked();

    for (const path of ["/", "/contact", "/home-2"]) {
      await page.goto(path);
      await ready(page);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      const header = page.getByRole("banner");
      const logo = await header.getByRole("link", { name: /TNCC/ }).first().boundingBox();
      const search = await header.getByRole("button", { name: "Search" }).boundingBox();
      const width = page.viewportSize()?.width ?? 0;
      // The logo sits at the right edge, the search button to its left.
      expect(logo && logo.x + logo.width).toBeGreaterThan(width * 0.75);
      expect(search && logo && search.x).toBeLessThan(logo?.x ?? 0);
    }
    await page.goto("/");
    await ready(page);
    expect(problems).toEqual([]);
  });

  test("Boxed layout survives a reload and frames the page", async ({ page, problems }) => {
    await page.goto("/coming-soon");
    await ready(page);
    await choose(page, "Boxed");
    await expect(page.locator("html")).toHaveAttribute("data-layout", "boxed");
    expect(await page.evaluate(() => localStorage.getItem("boxedLayout"))).toBe("true");
    await page.goto("/faqs");
    await ready(page);
    await expect(page.locator("html")).toHaveAttribute("data-layout", "boxed");
    const box = await page.locator(".page-wrapper").boundingBox();
    expect(box?.width).toBe(1320);
    expect(box?.x).toBe((1440 - 1320) / 2);

    await page.goto("/coming-soon");
    await ready(page);
    await expect(page.getByRole("radio", { name: "Boxed" })).toBeChecked();
    await choose(page, "Full width");
    await page.reload();
    await ready(page);
    await expect(page.locator("html")).not.toHaveAttribute("data-layout", "boxed");
    expect((await page.locator(".page-wrapper").boundingBox())?.width).toBe(1440);
    expect(problems).toEqual([]);
  });

  test("toasts move to the top left in RTL", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("pageDirection", "rtl"));
    await page.goto("/faqs");
    await ready(page);
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("textbox", { name: "Newsletter" }).fill("ada@example.org");
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.locator(".Toastify__toast-container--top-left")).toBeVisible();
  });
});
