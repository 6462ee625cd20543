import type { Page } from "@playwright/test";
import { content } from "./content";
import { expect, freeze, ready, test } from "./fixtures";

const heading = (page: Page, name: string | RegExp) => page.getByRole("heading", { name, exact: true });
const countdown = (page: Page, name: string) =>
  page.getByRole("timer", { name }).locator("[data-unit] > span:first-child");

test.describe("home variants", () => {
  test("/home-2: the conference home's sections in order", async ({ page, problems }) => {
    await page.goto("/home-2");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wrapped in Grace Conference");
    await expect(page.getByText("January 20, 2023, 9.00 AM - 04.00 PM").first()).toBeVisible();
    for (const feature of ["Experience", "Networking", "Party", "Great Speakers"])
      await expect(heading(page, feature)).toBeVisible();
    await expect(page.locator("[data-counter]")).toHaveCount(content.funFacts.facts.length);
    await expect(heading(page, "Meet our Guests")).toBeVisible();
    const speaker = content.speakers[0]!;
    await expect(page.getByRole("link", { name: speaker.name, exact: true }).first()).toHaveAttribute(
      "href",
      `/speakers-detail/${speaker.id}`,
    );
    await expect(page.getByRole("tab", { name: /Day 01/ })).toHaveAttribute("aria-selected", "true");
    for (const title of ["Sponsor the conference", "Everything you need to know", "Our Clients and Sponsors"])
      await expect(heading(page, title)).toBeVisible();
    await expect(page.locator("#tokens").getByRole("button", { name: /^BUY Ticket/ })).toHaveCount(
      content.sponsorTokens.length,
    );
    await expect(heading(page, "Moments of grace")).toBeVisible();
    // Spec: the home gallery shows the first 6 pictures.
    await expect(page.locator("#gallery").getByRole("link", { name: /^Open the picture/ })).toHaveCount(
      Math.min(6, content.gallery.length),
    );
    await expect(heading(page, "What our guests say")).toBeVisible();
    await expect(heading(page, "Subscribe for the latest news")).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("event info tabs: Time, Venue, How to, with contacts; arrow keys move", async ({ page, problems }) => {
    await page.goto("/home-2");
    await ready(page);
    const tabs = page.getByRole("tablist", { name: "Event info" }).getByRole("tab");
    await expect(tabs).toHaveText(["Time", "Venue", "How to"]);
    const panel = page.getByRole("tabpanel", { name: "Time" });
    await expect(panel).toContainText("Mary Johnson");
    await expect(panel.getByRole("link", { name: "+1 (555) 010-2024" })).toHaveAttribute("href", "tel:+15550102024");
    await tabs.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.nth(1)).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "Venue" })).toContainText("venue@tncc.example.org");
    await page.keyboard.press("End");
    await expect(page.getByRole("tabpanel", { name: "How to" })).toContainText("Sarah Williams");
    await page.keyboard.press("ArrowRight");
    await expect(tabs.first()).toHaveAttribute("aria-selected", "true");
    expect(problems).toEqual([]);
  });

  test("testimonials: one at a time, five stars, endless in both directions, never moving alone", async ({
    page,
    problems,
  }) => {
    const [first, second] = content.testimonials;
    const last = content.testimonials.at(-1)!;
    await page.clock.install();
    await page.goto("/home-2");
    await ready(page);
    const carousel = page.getByRole("region", { name: "Testimonials" });
    const slides = carousel.getByRole("group");
    await expect(slides.filter({ visible: true })).toHaveCount(1);
    await expect(carousel.getByRole("img", { name: `${first!.stars} out of 5 stars` })).toHaveCount(1);
    await expect(slides.filter({ visible: true })).toContainText(first!.name);
    // A minute on the page's clock: past any autoplay delay (the site's carousels use 5 and 6 s).
    await page.clock.runFor(60_000);
    await expect(slides.filter({ visible: true })).toContainText(first!.name);
    await carousel.getByRole("button", { name: "Previous testimonial" }).click();
    await expect(slides.filter({ visible: true })).toContainText(last.name);
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await carousel.getByRole("button", { name: "Next testimonial" }).click();
    await expect(slides.filter({ visible: true })).toContainText(second!.name);
    expect(problems).toEqual([]);
  });

  for (const [width, visible] of [
    [1440, 5],
    [1000, 4],
    [700, 3],
    [550, 2],
    [400, 1],
  ] as const) {
    test(`clients carousel: every logo, ${visible} visible at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/home-2");
      await ready(page);
      const carousel = page.getByRole("region", { name: "Our Clients and Sponsors: logos" });
      await carousel.scrollIntoViewIfNeeded();
      const slides = carousel.getByRole("group");
      await expect(slides).toHaveCount(content.clients.length);
      const box = await carousel.locator("> div").first().boundingBox();
      const slide = await slides.first().boundingBox();
      expect(Math.round((box?.width ?? 0) / (slide?.width ?? 1))).toBe(visible);
    });
  }

  test("clients carousel moves on by itself every 5 s, and the pause button stops it until Play", async ({ page }) => {
    await page.clock.install();
    await page.goto("/home-2");
    await ready(page);
    const carousel = page.getByRole("region", { name: "Our Clients and Sponsors: logos" });
    await carousel.scrollIntoViewIfNeeded();
    const count = content.clients.length;
    const first = carousel.locator(`[aria-label="1 of ${count}"]`);
    // embla has started once it positions the row of logos.
    await expect(first.locator("..")).toHaveAttribute("style", /translate3d/);
    const x = async () => (await first.boundingBox())!.x;
    // Mouse and focus off the carousel (both pause it), then time only moves when the test says so.
    const leave = async () => {
      await page.mouse.move(0, 0);
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    };
    await leave();
    await freeze(page);
    const start = await x();
    await page.clock.runFor(6000);
    const moved = await x();
    expect(moved).not.toBe(start);

    await carousel.getByRole("button", { name: "Pause slideshow" }).click();
    await leave();
    await page.clock.runFor(20_000);
    expect(await x()).toBe(moved);

    await carousel.getByRole("button", { name: "Play slideshow" }).click();
    await leave();
    await page.clock.runFor(6000);
    expect(await x()).not.toBe(moved);
  });

  test("/home-3: header style two, FAQ, app download, event info with map, CTA, sponsors", async ({
    page,
    problems,
  }) => {
    await page.route("https://www.google.com/**", (route) => route.fulfill({ contentType: "text/html", body: "map" }));
    await page.goto("/home-3");
    await ready(page);
    const banner = page.getByRole("banner");
    await expect(banner.getByText(/Open hours: 09:00 am to 06:00 pm/).first()).toBeVisible();
    await expect(banner.getByRole("link", { name: "Sponsor our Event" })).toHaveAttribute("href", "/login");
    await expect(heading(page, "Meet our Guests")).toBeVisible();
    await expect(heading(page, "Event Schedule")).toBeVisible();
    await expect(page.locator("details")).toHaveCount(content.faqs.length);
    await expect(page.getByRole("link", { name: /App Store/ })).toHaveAttribute("href", "https://apps.apple.com/");
    await expect(page.getByRole("link", { name: /Google Play/ })).toHaveAttribute("href", /play\.google\.com/);
    await expect(page.getByRole("link", { name: /^Open the map/ })).toBeVisible();
    await expect(heading(page, "Be part of Wrapped in Grace this year")).toBeVisible();
    await expect(heading(page, "Sponsor the conference")).toBeVisible();
    await expect(heading(page, "Moments of grace")).toBeVisible();
    // Spec: the carousel takes the first 12 pictures.
    await expect(page.getByRole("region", { name: "Gallery pictures" }).getByRole("group")).toHaveCount(
      Math.min(12, content.gallery.length),
    );
    await expect(page.getByRole("region", { name: "Our Sponsors: logos" }).getByRole("group")).toHaveCount(
      content.clients.length,
    );
    expect(problems).toEqual([]);
  });

  test("/home-3: in each carousel row only the slides in view can be reached; the others are inert", async ({
    page,
  }) => {
    await page.goto("/home-3");
    await ready(page);
    for (const name of ["Gallery pictures", "Our Sponsors: logos"]) {
      const carousel = page.getByRole("region", { name });
      await carousel.scrollIntoViewIfNeeded();
      // Each slide: [inert, touches the row's visible width (embla counts a slide whose edge meets it)].
      const slides = () =>
        carousel.evaluate((row) => {
          const all = [...row.querySelectorAll('[aria-roledescription="slide"]')];
          // The slides' row, inside embla's viewport (the part that shows).
          const view = all[0]!.parentElement!.parentElement!.getBoundingClientRect();
          return all.map((slide) => {
            const box = slide.getBoundingClientRect();
            return [(slide as HTMLElement).inert, box.right >= view.left && box.left <= view.right] as const;
          });
        });
      await expect
        .poll(async () => (await slides()).filter(([inert]) => inert).length, { message: name })
        .toBeGreaterThan(0);
      for (const [index, [inert, inView]] of (await slides()).entries())
        expect(inert, `${name}, slide ${index + 1}`).toBe(!inView);
    }
  });

  test("/home-4: title, when / where / hosted by, countdown to 7 Apr 2024", async ({ page, problems }) => {
    await page.clock.setFixedTime(new Date("2024-04-05T00:00:00-05:00"));
    await page.goto("/home-4");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wrapped in Grace Conference");
    for (const label of ["When", "Where", "Hosted by"])
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expect(page.getByText("TNCC", { exact: true }).last()).toBeVisible();
    await expect(countdown(page, "Time left until the event")).toHaveText(["02", "00", "00", "00"]);
    expect(problems).toEqual([]);
  });

  test("/home-5: the meetup at the Pearl Hotel, countdown to 7 Nov 2024, booking and sponsor links", async ({
    page,
    problems,
  }) => {
    await page.clock.setFixedTime(new Date("2024-11-06T00:00:00-06:00"));
    await page.goto("/home-5");
    await ready(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digital Agency Thinkers Meet Up");
    await expect(page.getByText("Pearl Hotel", { exact: true })).toBeVisible();
    await expect(countdown(page, "Time left until the meetup")).toHaveText(["01", "00", "00", "00"]);
    await expect(page.getByRole("link", { name: "Booking Now" })).toHaveAttribute("href", "/buy-ticket");
    await expect(page.getByRole("main").getByRole("link", { name: "Sponsor our Event" })).toBeVisible();
    await expect(page.getByText("Where", { exact: true }).nth(1)).toBeVisible();
    await expect(
      page.locator("section", { has: page.locator("#meetup-features-title") }).getByRole("listitem"),
    ).toHaveCount(content.pages.meetup.features.length);
    await expect(page.getByRole("link", { name: "Buy Ticket" })).toHaveAttribute("href", "/buy-ticket");
    expect(problems).toEqual([]);
  });
});
