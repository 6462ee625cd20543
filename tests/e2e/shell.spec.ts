import { content } from "./content";
import { expect, ready, test } from "./fixtures";

test.describe("start-up screen", () => {
  test("covers the pre-rendered page for 1200 ms, then clears", async ({ page }) => {
    await page.goto("/about-us");
    const screen = page.locator(".start-screen");
    await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeAttached();
    // The screen is a CSS animation (so it also clears without JavaScript); drive its clock directly.
    const at = (ms: number) =>
      page.evaluate((time) => {
        const [animation] = document.querySelector(".start-screen")!.getAnimations();
        animation!.pause();
        animation!.currentTime = time;
      }, ms);
    await at(1150);
    await expect(screen).toBeVisible();
    await at(1201);
    await expect(screen).toBeHidden();
  });
});

test.describe("header", () => {
  test("turns sticky after 5 px of scroll and back at the top", async ({ page }) => {
    await page.goto("/about-us");
    await ready(page);
    const header = page.locator("header").first();
    await expect(header).toHaveAttribute("data-sticky", "false");
    await page.evaluate(() => window.scrollTo({ top: 6, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-sticky", "true");
    await expect(header).toBeInViewport();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    await expect(header).toHaveAttribute("data-sticky", "false");
  });

  test("top bar: Sponsor our Event goes to /buy-ticket on the tagline bar and /login on the contact bar", async ({
    page,
  }) => {
    await page.goto("/about-us");
    await expect(page.getByRole("link", { name: "Sponsor our Event" })).toHaveAttribute("href", "/buy-ticket");
    await page.goto("/home-3");
    await expect(page.getByRole("link", { name: "Sponsor our Event" })).toHaveAttribute("href", "/login");
    await expect(
      page
        .getByRole("banner")
        .getByText(/Open hours: 09:00 am to 06:00 pm/)
        .first(),
    ).toBeVisible();
  });

  // An external ticketing page in content makes it open that page (tests/e2e/buy-page.spec.ts, issue 53).
  test("registration button leads to this site's own ticket form", async ({ page }) => {
    await page.goto("/about-us");
    const register = page.getByRole("banner").getByRole("link", { name: /^Register/ });
    await expect(register).toHaveAttribute("href", "/buy-ticket");
    await expect(register).not.toHaveAttribute("target", /.+/);
  });

  test("search popup finds pages, keeps the query and offers the recent keywords", async ({ page }) => {
    await page.goto("/about-us");
    await ready(page);
    await page.getByRole("button", { name: "Search" }).click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    await expect(dialog).toBeVisible();
    const input = dialog.getByPlaceholder("Search Here");
    await expect(input).toBeFocused();
    for (const keyword of ["Seo", "Business", "Events", "Digital", "Conference"]) {
      await expect(dialog.getByRole("button", { name: keyword, exact: true })).toBeVisible();
    }
    await input.fill("speakers");
    await dialog.getByRole("button", { name: "Search Now!" }).click();
    await expect(input).toHaveValue("speakers");
    await dialog
      .getByRole("link", { name: /^Speakers/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/speakers$/);
    await expect(dialog).toBeHidden();
  });

  test("search popup: an empty search is refused by the browser and Escape closes", async ({ page }) => {
    await page.goto("/about-us");
    await ready(page);
    await page.getByRole("button", { name: "Search" }).click();
    const dialog = page.getByRole("dialog", { name: "Search" });
    await dialog.getByRole("button", { name: "Search Now!" }).click();
    expect(
      await dialog.getByPlaceholder("Search Here").evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Search" })).toBeFocused();
  });
});

test.describe("mobile menu @phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("opens on the toggle, marks the wrapper, closes on the close button", async ({ page }) => {
    await page.goto("/about-us");
    await ready(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(page.locator(".page-wrapper")).toHaveClass(/no-colour-palette/);
    await menu.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
    await expect(page.locator(".page-wrapper")).not.toHaveClass(/no-colour-palette/);
  });

  test("a link in the menu navigates and closes it", async ({ page }) => {
    await page.goto("/about-us");
    await ready(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "FAQs" }).click();
    await expect(page).toHaveURL(/\/faqs$/);
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
  });
});

test.describe("footer", () => {
  test("shows hours, phone, address and the nav, with Services and Projects as plain text", async ({ page }) => {
    await page.goto("/about-us");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByText("Mon - Fri 09:00 - 18:00")).toBeVisible();
    await expect(footer.getByRole("link", { name: /^\+?[\d\s()-]+$/ })).toHaveAttribute("href", /^tel:/);
    const nav = footer.getByRole("navigation", { name: "Footer" });
    await expect(nav.getByRole("link", { name: "About Us" })).toHaveAttribute("href", "/about-us");
    await expect(nav.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
    await expect(nav.getByText("Services")).toBeVisible();
    await expect(nav.getByRole("link", { name: "Services" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Projects" })).toHaveCount(0);
  });
});

test.describe("scroll-up button", () => {
  test("appears after 200 px and takes the visitor back to the top", async ({ page }) => {
    await page.goto("/about-us");
    await ready(page);
    const button = page.getByRole("button", { name: "Scroll to top" });
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo({ top: 150, behavior: "instant" }));
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo({ top: 400, behavior: "instant" }));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });
});

test.describe("toasts", () => {
  test("a valid newsletter form is reset and shows the success toast top-right; an invalid one keeps the text", async ({
    page,
  }) => {
    await page.goto("/about-us");
    await ready(page);
    const email = page.getByRole("textbox", { name: "Newsletter" });
    await email.fill("not-an-email");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(email).toHaveValue("not-an-email");
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.typeMismatch)).toBe(true);
    await email.fill("friend@example.org");
    await page.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.getByRole("alert").filter({ hasText: "Subscribed Successfully!" });
    await expect(toast).toBeVisible();
    await expect(email).toHaveValue("");
    await expect(page.locator(".Toastify__toast-container--top-right")).toBeVisible();
  });

  test("a toast closes by itself after 5000 ms", async ({ page }) => {
    await page.goto("/about-us");
    await ready(page);
    await page.getByRole("textbox", { name: "Newsletter" }).fill("friend@example.org");
    await page.getByRole("button", { name: "Subscribe" }).click();
    const toast = page.locator(".Toastify__toast").filter({ hasText: "Subscribed Successfully!" });
    await expect(toast).toBeVisible();
    // react-toastify times autoClose with its progress bar's CSS animation: check it, then run it out.
    const progress = toast.locator(".Toastify__progress-bar");
    await expect(progress).toHaveCSS("animation-duration", "5s");
    await progress.evaluate((bar) => {
      const [animation] = bar.getAnimations();
      animation!.currentTime = 4900;
    });
    await expect(toast).toBeVisible();
    await progress.evaluate((bar) => bar.getAnimations()[0]!.finish());
    await expect(toast).toBeHidden();
  });
});

test.describe("titles and meta", () => {
  test("home is 'TNCC', inner pages 'Page name | TNCC', each with its own description and Open Graph tags", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("TNCC");
    await page.goto("/speakers");
    await expect(page).toHaveTitle("Speakers | TNCC");
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute("content", "Speakers | TNCC");
    const speakersDescription = await page.locator('meta[name="description"]').getAttribute("content");
    await page.goto("/faqs");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).not.toBe(speakersDescription);
  });

  test("inner pages have a title banner with a breadcrumb", async ({ page }) => {
    await page.goto("/speakers-detail/1");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumbs.getByRole("link", { name: "Speakers" })).toHaveAttribute("href", "/speakers");
    // The speaker's name, from content (not the page's own heading, which could be wrong the same way).
    const speaker = content.speakers.find((s) => s.id === 1)!;
    await expect(crumbs.locator('[aria-current="page"]')).toHaveText(speaker.name);
  });
});
