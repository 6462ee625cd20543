import type { Page } from "@playwright/test";
import { expect, ready, test } from "./fixtures";

const thumbs = (page: Page) => page.getByRole("main").getByRole("link", { name: /^Open the picture/ });

test("9 pictures a page, 6 on page 4; the page is in the URL; every picture is sized", async ({ page, problems }) => {
  await page.goto("/gallery");
  await ready(page);
  await expect(thumbs(page)).toHaveCount(9);
  await page.getByRole("navigation", { name: "Gallery pages" }).getByRole("link", { name: "Page 4" }).click();
  await expect(page).toHaveURL("/gallery?page=4");
  await expect(thumbs(page)).toHaveCount(6);
  await page.goto("/gallery?page=12");
  await ready(page);
  await expect(thumbs(page)).toHaveCount(6);
  for (const img of await page.getByRole("main").locator("img").all()) {
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
  }
  expect(problems).toEqual([]);
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
  await expect(box.locator(".pswp__counter")).toHaveText("3 / 33");
  await expect(page).toHaveURL(/#&gid=gallery&pid=3$/);
  await expect(box.locator(".pswp__caption")).not.toBeEmpty();

  await page.keyboard.press("ArrowRight");
  await expect(box.locator(".pswp__counter")).toHaveText("4 / 33");
  await expect(page).toHaveURL(/pid=4$/);
  await expect(box.getByRole("link", { name: "Download" })).toHaveAttribute("href", "/images/gallery/04.jpg");

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
  await expect(page.locator(".pswp__counter")).toHaveText("20 / 33");
});

test("a picture that cannot load says so", async ({ page }) => {
  await page.route(/\/gallery\/05[-.]/, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto("/gallery#&gid=gallery&pid=5");
  await ready(page);
  await expect(page.locator(".pswp").getByText("The image cannot be loaded")).toBeVisible();
});
