import type { Page } from "@playwright/test";
import { content } from "./content";
import { expect, ready, test } from "./fixtures";

// Spec: 9 pictures a page on /gallery, the first 6 on the home gallery. The pictures come from content.
const PER_PAGE = 9;
const HOME_COUNT = 6;
const photos = content.gallery;
const total = photos.length;
const lastPage = Math.ceil(total / PER_PAGE);
const onPage = (page: number) => photos.slice((page - 1) * PER_PAGE, page * PER_PAGE);
/** The full picture's address, as the thumbnail links to it. */
const href = (index: number) => photos[index]!.image.src;
const counter = (n: number) => `${n} / ${total}`;

const thumbs = (page: Page) => page.getByRole("main").getByRole("link", { name: /^Open the picture/ });

test("9 pictures a page, the rest on the last; the page is in the URL; every picture is sized", async ({
  page,
  problems,
}) => {
  await page.goto("/gallery");
  await ready(page);
  await expect(thumbs(page)).toHaveCount(onPage(1).length);
  await expect(thumbs(page).locator("img")).toHaveCount(onPage(1).length);
  const pager = page.getByRole("navigation", { name: "Gallery pages" });
  await page.evaluate(() => window.scrollTo({ top: document.body.scrollHeight, behavior: "instant" }));
  await pager.getByRole("link", { name: `Page ${lastPage}` }).click();
  await expect(page).toHaveURL(`/gallery?page=${lastPage}`);
  await expect(thumbs(page)).toHaveCount(onPage(lastPage).length);
  await expect(thumbs(page).first()).toHaveAttribute("href", href((lastPage - 1) * PER_PAGE));
  await expect(pager.locator("[aria-current=page]")).toHaveText(`Page ${lastPage}`);
  // The page change scrolls to the top (after 200 ms).
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // Survives a reload; an out-of-range page shows the nearest valid one.
  await page.reload();
  await ready(page);
  await expect(thumbs(page)).toHaveCount(onPage(lastPage).length);
  for (const [query, first] of [
    [`?page=${lastPage + 8}`, (lastPage - 1) * PER_PAGE],
    ["?page=0", 0],
    ["?page=-3", 0],
  ] as const) {
    await page.goto(`/gallery${query}`);
    await ready(page);
    await expect(thumbs(page).first()).toHaveAttribute("href", href(first));
  }
  await page.goto("/gallery?page=2");
  await ready(page);
  await expect(thumbs(page)).toHaveCount(onPage(2).length);
  await expect(thumbs(page).first()).toHaveAttribute("href", href(PER_PAGE));
  for (const img of await page.getByRole("main").locator("img").all()) {
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
  }
  expect(problems).toEqual([]);
});

test("thumbnails come as AVIF in a browser that takes it, sized for their column", async ({ page }) => {
  await page.goto("/gallery");
  await ready(page);
  const first = thumbs(page).first().locator("img");
  await expect(first).toHaveJSProperty("complete", true);
  const current = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
  // Desktop: a 370 px column at DPR 1 takes the 640 px variant, never the full-size source.
  expect(current).toMatch(/\/_img\/gallery\/01-(320|640)\.avif$/);
  await expect(page.locator("main picture source[type='image/webp']")).toHaveCount(onPage(1).length);
  // The first row loads at once; the rest are lazy and low in priority, behind the CSS and the first row.
  const images = page.locator("main ul img");
  for (let i = 0; i < onPage(1).length; i++) {
    const eager = i < 3;
    await expect(images.nth(i)).toHaveAttribute("loading", eager ? "eager" : "lazy");
    if (eager) await expect(images.nth(i)).not.toHaveAttribute("fetchpriority", /.*/);
    else await expect(images.nth(i)).toHaveAttribute("fetchpriority", "low");
  }
});

test("the lightbox: counter over the whole gallery, arrows, z, download, Escape, and its code loads on open", async ({
  page,
  problems,
}) => {
  const lightboxRequests: string[] = [];
  page.on("request", (request) => {
    if (/lightbox-[\w-]+\.(js|css)$/.test(request.url())) lightboxRequests.push(request.url());
  });
  // No opening animation: the keys act at once.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/gallery");
  await ready(page);
  expect(lightboxRequests).toEqual([]);

  await thumbs(page).nth(2).click();
  const box = page.locator(".pswp");
  await expect(box).toBeVisible();
  expect(lightboxRequests.length).toBeGreaterThan(0);
  await expect(box.locator(".pswp__counter")).toHaveText(counter(3));
  await expect(page).toHaveURL(/#&gid=gallery&pid=3$/);
  await expect(box.locator(".pswp__caption")).not.toBeEmpty();

  await page.keyboard.press("ArrowLeft");
  await expect(box.locator(".pswp__counter")).toHaveText(counter(2));
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(box.locator(".pswp__counter")).toHaveText(counter(4));
  await expect(box.locator(".pswp__caption")).toHaveText(photos[3]!.caption);
  await expect(page).toHaveURL(/pid=4$/);
  await expect(box.getByRole("link", { name: "Download" })).toHaveAttribute("href", href(3));

  await page.keyboard.press("z");
  await expect(box).toHaveClass(/pswp--zoomed-in/);
  await page.keyboard.press("z");
  await expect(box).not.toHaveClass(/pswp--zoomed-in/);

  await page.keyboard.press("Escape");
  await expect(box).toHaveCount(0);
  await expect(page).toHaveURL("/gallery");
  expect(problems).toEqual([]);
});

test("the Back button closes the lightbox", async ({ page }) => {
  await page.goto("/gallery");
  await ready(page);
  await thumbs(page).first().click();
  await expect(page.locator(".pswp")).toBeVisible();
  await page.goBack();
  await expect(page.locator(".pswp")).toHaveCount(0);
  await expect(page).toHaveURL("/gallery");
});

test("a #&gid=…&pid=… link opens that picture", async ({ page }) => {
  await page.goto("/gallery#&gid=gallery&pid=20");
  await ready(page);
  await expect(page.locator(".pswp__counter")).toHaveText(counter(20));
});

test("a picture that cannot load says so", async ({ page }) => {
  await page.route(/\/gallery\/05[-.]/, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/gallery#&gid=gallery&pid=5");
  await ready(page);
  await expect(page.locator(".pswp").getByText("The image cannot be loaded")).toBeVisible();
});

test("a thumbnail opens with Enter; the close button closes; the lightbox runs through every picture", async ({
  page,
  problems,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/gallery");
  await ready(page);
  const first = thumbs(page).first();
  await expect(first).toHaveAccessibleName(/^Open the picture: .+/);
  await first.focus();
  await page.keyboard.press("Enter");
  const box = page.locator(".pswp");
  await expect(box.locator(".pswp__counter")).toHaveText(counter(1));
  await page.keyboard.press("ArrowLeft");
  await expect(box.locator(".pswp__counter")).toHaveText(counter(total));
  await expect(page).toHaveURL(new RegExp(`#&gid=gallery&pid=${total}$`));
  await box.getByRole("button", { name: "Close" }).click();
  await expect(box).toHaveCount(0);
  await expect(page).toHaveURL("/gallery");
  expect(problems).toEqual([]);
});

test("the home gallery shows 6 pictures and opens the same lightbox over all of them", async ({ page, problems }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/home-2");
  await ready(page);
  const homeThumbs = page.locator("#gallery").getByRole("link", { name: /^Open the picture/ });
  await expect(homeThumbs).toHaveCount(Math.min(HOME_COUNT, total));
  await homeThumbs.nth(1).click();
  await expect(page.locator(".pswp__counter")).toHaveText(counter(2));
  await expect(page).toHaveURL(/#&gid=home-gallery&pid=2$/);
  await page.keyboard.press("Escape");
  await expect(page.locator(".pswp")).toHaveCount(0);
  expect(problems).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the thumbnails link to the full pictures", async ({ page }) => {
    await page.goto("/gallery");
    await expect(thumbs(page)).toHaveCount(onPage(1).length);
    await expect(thumbs(page).first()).toHaveAttribute("href", href(0));
    const response = await page.request.get(href(0));
    expect(response.headers()["content-type"]).toBe("image/jpeg");
  });
});
