import type { Page } from "@playwright/test";
import { expect, HARNESS, test } from "./fixtures";

// The landing page has one slide (spec), so the carousel's motion is tested on a harness page
// (tests/fixtures/harness) that mounts the real BannerCarousel, and its real embla wrapper, with
// three slides. Playwright's clock drives autoplay and the fade; time only moves when a test says so.
const START = new Date("2024-10-24T12:00:00Z").getTime();

const slide = (page: Page, n: number) => page.locator(`[aria-roledescription="slide"][aria-label="${n} of 3"]`);
const opacity = async (page: Page, n: number) => Number(await slide(page, n).evaluate((el) => el.style.opacity));

/** The slide that is shown: the only one not inert. */
async function shown(page: Page) {
  const inert = await page
    .locator('[aria-roledescription="slide"]')
    .evaluateAll((slides) => slides.map((el) => el.hasAttribute("inert")));
  expect(inert.filter((value) => !value)).toHaveLength(1);
  return inert.indexOf(false) + 1;
}

/** Opens the harness with a stopped clock, waits for embla, then (re)starts autoplay at a known instant. */
async function open(page: Page, dir: "ltr" | "rtl" = "ltr") {
  await page.clock.install({ time: START });
  await page.clock.pauseAt(START + 1000);
  await page.goto(`${HARNESS}?dir=${dir}`);
  // embla's fade plugin has taken over when the hidden slides carry an inline opacity of 0.
  await expect
    .poll(async () => {
      await page.clock.runFor(250);
      return slide(page, 2).evaluate((el) => el.style.opacity);
    })
    .toBe("0");
  expect(await shown(page)).toBe(1);
  // A mouse over the banner stops autoplay; leaving it starts a fresh 5,000 ms wait from now.
  await page.locator("#home").hover();
  await page.mouse.move(5, 5);
}

test.describe("banner carousel with three slides (harness)", () => {
  test("autoplay: the next slide after 5,000 ms, and on round the loop", async ({ page, problems }) => {
    await open(page);
    await page.clock.runFor(4900);
    expect(await shown(page)).toBe(1);
    await page.clock.runFor(200);
    expect(await shown(page)).toBe(2);
    await page.clock.runFor(4800);
    expect(await shown(page)).toBe(2);
    await page.clock.runFor(200);
    expect(await shown(page)).toBe(3);
    await page.clock.runFor(5000);
    expect(await shown(page)).toBe(1);
    expect(problems).toEqual([]);
  });

  test("next and previous, endless both ways; the slides fade in place in about 500 ms", async ({ page, problems }) => {
    await open(page);
    const box1 = await slide(page, 1).boundingBox();
    await page.getByRole("button", { name: "Next slide" }).click();
    expect(await shown(page)).toBe(2);
    await page.clock.runFor(150);
    // Midway: both slides partly opaque, on top of each other (a fade, not a slide).
    const midway = [await opacity(page, 1), await opacity(page, 2)];
    expect(midway[0]).toBeGreaterThan(0.05);
    expect(midway[0]).toBeLessThan(0.95);
    expect(midway[1]).toBeGreaterThan(0.05);
    expect(midway[1]).toBeLessThan(0.95);
    expect(await slide(page, 2).boundingBox()).toEqual(box1);
    await page.clock.runFor(450);
    expect(await opacity(page, 2)).toBeGreaterThanOrEqual(0.99);
    expect(await opacity(page, 1)).toBeLessThanOrEqual(0.01);
    await expect(page.getByRole("heading", { name: "Slide 2 title" })).toBeVisible();

    await page.getByRole("button", { name: "Previous slide" }).click();
    await page.getByRole("button", { name: "Previous slide" }).click();
    expect(await shown(page)).toBe(3);
    await page.clock.runFor(1000);
    expect(await opacity(page, 3)).toBe(1);
    await expect(page.getByRole("heading", { name: "Slide 3 title" })).toBeVisible();
    await page.getByRole("button", { name: "Next slide" }).click();
    expect(await shown(page)).toBe(1);
    expect(problems).toEqual([]);
  });

  test("the pause button stops autoplay until Play", async ({ page }) => {
    await open(page);
    // Clicking off the banner takes the mouse and the focus (which also pause it) out of it.
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    await page.mouse.click(5, 5);
    await page.clock.runFor(20_000);
    expect(await shown(page)).toBe(1);
    await page.getByRole("button", { name: "Play slideshow" }).click();
    await page.mouse.click(5, 5);
    await page.clock.runFor(5100);
    expect(await shown(page)).toBe(2);
  });

  test("right-to-left: controls mirrored, autoplay and next bring the slide into view", async ({ page, problems }) => {
    await open(page, "rtl");
    const previous = await page.getByRole("button", { name: "Previous slide" }).boundingBox();
    const next = await page.getByRole("button", { name: "Next slide" }).boundingBox();
    expect(previous!.x).toBeGreaterThan(next!.x);
    const box1 = await slide(page, 1).boundingBox();
    await page.clock.runFor(5100);
    expect(await shown(page)).toBe(2);
    await page.clock.runFor(1000);
    expect(await opacity(page, 2)).toBe(1);
    expect(await slide(page, 2).boundingBox()).toEqual(box1);
    await expect(page.getByRole("heading", { name: "Slide 2 title" })).toBeInViewport();
    await page.getByRole("button", { name: "Next slide" }).click();
    await page.clock.runFor(1000);
    expect(await shown(page)).toBe(3);
    expect(await slide(page, 3).boundingBox()).toEqual(box1);
    await expect(page.getByRole("heading", { name: "Slide 3 title" })).toBeInViewport();
    expect(problems).toEqual([]);
  });
});
