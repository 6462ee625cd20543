import { readFileSync } from "node:fs";
import path from "node:path";
import { content } from "./content";
import { expect, freeze, ready, test } from "./fixtures";

const build = path.resolve(import.meta.dirname, "../../build/client");
const prerendered = (page: string) => readFileSync(path.join(build, page, "index.html"), "utf8");
const { durationMs, facts } = content.funFacts;
const ENDS = facts.map((fact) => String(fact.end));

test.describe("about, FAQ, contact, coming soon", () => {
  test("/about-us: story, themes, counters and a call to register", async ({ page, problems }) => {
    await page.goto("/about-us");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "A conference born from a prayer meeting" })).toBeVisible();
    for (const theme of ["Grace of salvation", "Healing", "Entrepreneurship"])
      await expect(page.getByRole("listitem").filter({ hasText: theme }).first()).toBeVisible();
    await expect(page.getByRole("link", { name: /Click to Register/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Buy Ticket" })).toHaveAttribute("href", "/buy-ticket");
    expect(problems).toEqual([]);
  });

  test("counters: final values in the pre-rendered HTML, and again after counting up in view", async ({ page }) => {
    for (const end of ENDS)
      expect(prerendered("about-us")).toContain(`data-counter="${end}" aria-hidden="true">${end}<`);
    await page.clock.install();
    await page.goto("/about-us");
    await ready(page);
    const counters = page.locator("[data-counter]");
    await expect(counters).toHaveCount(facts.length);
    // Below the fold: reset to 0 after hydration, waiting to be seen.
    await expect(counters).toHaveText(facts.map(() => "0"));
    await freeze(page);
    await counters.first().scrollIntoViewIfNeeded();
    // Counting starts when the browser reports the counters in view: one frame at a time until it has.
    await expect
      .poll(async () => {
        await page.clock.runFor(16);
        return Number(await counters.first().textContent());
      })
      .toBeGreaterThan(0);
    await page.clock.runFor(durationMs / 2);
    // Halfway through an ease-out count: well on the way, not there yet.
    const midway = (await counters.allTextContents()).map(Number);
    facts.forEach((fact, index) => {
      expect(midway[index]).toBeGreaterThan(fact.end / 2);
      expect(midway[index]).toBeLessThan(fact.end);
    });
    await page.clock.runFor(durationMs / 2 + 100);
    await expect(counters).toHaveText(ENDS);
    for (const title of new Set(facts.map((fact) => fact.title)))
      await expect(page.getByText(title, { exact: true })).toHaveCount(facts.filter((f) => f.title === title).length);
  });

  test("counters under reduced motion show the final values at once", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/home-2");
    await ready(page);
    await expect(page.locator("[data-counter]")).toHaveText(ENDS);
  });

  test("/faqs: two columns of three, each opens and closes by keyboard", async ({ page, problems }) => {
    await page.goto("/faqs");
    await ready(page);
    const items = page.locator("details");
    await expect(items).toHaveCount(content.faqs.length);
    const columns = page.locator("details").locator("xpath=..");
    expect(await columns.first().locator("details").count()).toBe(Math.ceil(content.faqs.length / 2));
    const second = items.nth(1);
    await expect(second).not.toHaveAttribute("open");
    await second.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(second).toHaveAttribute("open", "");
    await expect(second.getByText("certificate of attendance")).toBeVisible();
    await page.keyboard.press("Space");
    await expect(second).not.toHaveAttribute("open");
    await expect(second.getByText("certificate of attendance")).toBeHidden();
    // Tab moves on to the next question.
    await page.keyboard.press("Tab");
    await expect(items.nth(2).locator("summary")).toBeFocused();
    expect(problems).toEqual([]);
  });

  test("/contact: details from content, map loads only when scrolled to, and a link to open it", async ({
    page,
    problems,
  }) => {
    let mapRequests = 0;
    await page.route("https://www.google.com/**", (route) => {
      mapRequests += 1;
      return route.fulfill({ contentType: "text/html", body: "<title>map</title><p>map</p>" });
    });
    await page.goto("/contact");
    await ready(page);
    await expect(page.getByRole("link", { name: "info@tncc.example.org" })).toHaveAttribute(
      "href",
      "mailto:info@tncc.example.org",
    );
    await expect(page.getByText("Mary Johnson")).toBeVisible();
    await expect(page.getByText("Mon-Sat 09.00 to 18.00")).toBeVisible();
    const open = page.getByRole("link", { name: /^Open the map/ });
    await expect(open).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\?q=/);
    expect(await open.getAttribute("href")).not.toContain("output=embed");
    await expect(page.locator("iframe")).toHaveCount(0);
    expect(mapRequests).toBe(0);
    await open.scrollIntoViewIfNeeded();
    const frame = page.locator("iframe[title^='Map:']");
    await expect(frame).toHaveAttribute("src", /output=embed/);
    await expect.poll(() => mapRequests).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  test("/coming-soon: countdown to 7 May 2024, social links, demo options", async ({ page, problems }) => {
    await page.clock.setFixedTime(new Date("2024-05-05T23:00:00-05:00"));
    await page.goto("/coming-soon");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We are Coming Soon");
    const timer = page.getByRole("timer", { name: "Time left until launch" });
    await expect(timer.locator("[data-unit] > span:first-child")).toHaveText(["01", "01", "00", "00"]);
    await expect(page.getByRole("link", { name: "Facebook (opens in a new tab)" }).first()).toBeVisible();
    await expect(page.getByRole("group", { name: "Layout" })).toBeVisible();
    await expect(page.getByRole("group", { name: "Direction" })).toBeVisible();
    expect(problems).toEqual([]);
  });
});
