import { expect, ready, test } from "./fixtures";

// The event's zone is America/Chicago: on 25 October 2024 that is UTC-05:00 (daylight time).
const at = (local: string) => new Date(`${local}-05:00`);

test.describe("now, next and after (Playwright clock)", () => {
  test("09:30 on day 2: the schedule opens on Day 02 and marks the session under way", async ({ page, problems }) => {
    await page.clock.install({ time: at("2024-10-25T09:30:00") });
    await page.goto("/schedule");
    await ready(page);
    await expect(page.getByRole("tab", { name: /Day 02/ })).toHaveAttribute("aria-selected", "true");
    const now = page.locator('li[data-mark="now"]');
    await expect(now).toHaveCount(1);
    await expect(now).toBeVisible();
    await expect(now).toContainText("Morning Praise");
    await expect(now).toContainText("On now");
    await expect(page.locator('li[data-mark="next"]')).toContainText("Entrepreneurship Workshop");
    expect(problems).toEqual([]);
  });

  test("09:30 on day 2: the home page says what is on now", async ({ page, problems }) => {
    await page.clock.install({ time: at("2024-10-25T09:30:00") });
    await page.goto("/");
    await ready(page);
    const strip = page.locator("[data-now-banner]");
    await expect(strip.getByRole("heading", { name: "On now" })).toBeVisible();
    await expect(strip.getByRole("link", { name: "Morning Praise" })).toBeVisible();
    await expect(page.getByRole("timer")).toHaveCount(0);
    expect(problems).toEqual([]);
  });

  test("between two sessions the next one is marked, none as under way", async ({ page }) => {
    await page.clock.install({ time: at("2024-10-25T10:15:00") });
    await page.goto("/schedule");
    await ready(page);
    await expect(page.locator('li[data-mark="next"]')).toContainText("Entrepreneurship Workshop");
    await expect(page.locator('li[data-mark="next"]')).toContainText("Next");
    await expect(page.locator('li[data-mark="now"]')).toHaveCount(0);
  });

  test("before the event nothing changes: Day 01 tab, countdown, no marks", async ({ page }) => {
    await page.clock.install({ time: at("2024-10-01T12:00:00") });
    await page.goto("/schedule");
    await ready(page);
    await expect(page.getByRole("tab", { name: /Day 01/ })).toHaveAttribute("aria-selected", "true");
    await expect(page.locator("li[data-mark]")).toHaveCount(0);
    await page.goto("/");
    await ready(page);
    await expect(page.getByRole("timer")).not.toContainText("--");
    await expect(page.getByRole("heading", { name: "The conference opens in" })).toBeVisible();
  });

  for (const path of ["/", "/home-4", "/home-5", "/coming-soon"]) {
    test(`in 2026 ${path} shows "Took place" instead of a countdown of zeros`, async ({ page, problems }) => {
      await page.clock.install({ time: new Date("2026-03-10T12:00:00Z") });
      await page.goto(path);
      await ready(page);
      const over = page.locator("[data-event-over]");
      await expect(over).toContainText("Took place 24–27 October 2024");
      await expect(over.getByRole("link", { name: /gallery/i })).toHaveAttribute("href", "/gallery");
      await expect(over.getByRole("link", { name: /blog/i })).toHaveAttribute("href", "/blog-grid");
      await expect(page.getByRole("timer")).toHaveCount(0);
      expect(problems).toEqual([]);
    });
  }
});

test.describe("phone menu @phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test("the open menu has no two links with the same name; pages are grouped", async ({ page }) => {
    await page.goto("/");
    await ready(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: "Pages" })).toBeVisible();
    const names = await dialog
      .getByRole("link")
      .evaluateAll((links) =>
        links.map((link) => (link.getAttribute("aria-label") ?? link.textContent ?? "").replace(/\s+/g, " ").trim()),
      );
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    await expect(dialog.getByRole("link", { name: "Speakers page" })).toHaveAttribute("href", "/speakers");
  });
});
