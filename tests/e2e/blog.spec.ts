import type { Page } from "@playwright/test";
import { content } from "./content";
import { expect, ready, test } from "./fixtures";

const cards = (page: Page) => page.getByRole("main").getByRole("article");
// Spec: 4 posts a page in the sidebar list, 6 in the grid. The number of posts comes from content.
const SIDEBAR_PAGE = 4;
const GRID_PAGE = 6;
const posts = content.posts.length;
const lastPageCount = (perPage: number) => posts - (Math.ceil(posts / perPage) - 1) * perPage;
const plural = (n: number) => `${n} ${n === 1 ? "post" : "posts"}`;

test("the sidebar list shows 4 posts a page, the grid 6; the pager keeps the page in the URL", async ({
  page,
  problems,
}) => {
  await page.goto("/blog-sidebar");
  await ready(page);
  await expect(cards(page)).toHaveCount(4);
  const pager = page.getByRole("navigation", { name: "Blog pages" });
  await pager.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL("/blog-sidebar?page=2");
  await expect(pager.getByText("Page 2")).toHaveAttribute("aria-current", "page");
  await expect(cards(page)).toHaveCount(4);
  await page.reload();
  await ready(page);
  await expect(page.getByRole("navigation", { name: "Blog pages" }).locator("[aria-current=page]")).toContainText("2");
  // A page past the end shows the last one, with what is left over.
  await page.goto("/blog-sidebar?page=99");
  await ready(page);
  await expect(cards(page)).toHaveCount(lastPageCount(SIDEBAR_PAGE));

  await page.goto("/blog-grid");
  await ready(page);
  await expect(cards(page)).toHaveCount(Math.min(posts, GRID_PAGE));
  await page.goto("/blog-grid?page=99");
  await ready(page);
  await expect(cards(page)).toHaveCount(lastPageCount(GRID_PAGE));
  expect(problems).toEqual([]);
});

test("a page change scrolls to the top 200 ms later", async ({ page }) => {
  await page.goto("/blog-grid");
  await ready(page);
  const pager = page.getByRole("navigation", { name: "Blog pages" });
  await pager.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await pager.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL("/blog-grid?page=2");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("categories and tags filter the list, show what is applied and how to clear it", async ({ page, problems }) => {
  await page.goto("/blog-sidebar");
  await ready(page);
  const sidebar = page.getByRole("complementary", { name: "Blog" });
  // Counted in content, not read off the sidebar: the posts of each category and tag.
  const category = content.categories.find((c) => c.id === "travel")!;
  const inCategory = content.posts.filter((post) => post.category.id === category.id);
  const travel = sidebar.getByRole("link", {
    name: new RegExp(`^${category.name}\\s*,\\s*${plural(inCategory.length)}$`),
  });
  await travel.click();
  await expect(page).toHaveURL(`/blog-sidebar?category=${category.id}`);
  await expect(page.getByRole("status").filter({ hasText: `in ${category.name}` })).toContainText(
    plural(inCategory.length),
  );
  await expect(cards(page)).toHaveCount(Math.min(inCategory.length, SIDEBAR_PAGE));
  await page.getByRole("link", { name: "Clear the filter" }).click();
  await expect(page).toHaveURL("/blog-sidebar");
  await expect(cards(page)).toHaveCount(Math.min(posts, SIDEBAR_PAGE));

  const tag = content.tags[0]!;
  const tagged = content.posts.filter((post) => post.tags.some((t) => t.id === tag.id));
  await sidebar.getByRole("list").nth(1).getByRole("link", { name: tag.name, exact: true }).click();
  await expect(page).toHaveURL(`/blog-sidebar?tag=${tag.id}`);
  await expect(page.getByRole("status").filter({ hasText: `tagged ${tag.name}` })).toContainText(plural(tagged.length));
  await expect(cards(page)).toHaveCount(Math.min(tagged.length, SIDEBAR_PAGE));
  // Every card shown is one of the tagged posts.
  const titles = new Set(tagged.map((post) => post.title));
  for (const title of await cards(page).getByRole("heading").allTextContents()) expect(titles).toContain(title.trim());
  expect(problems).toEqual([]);
});

test("the blog search finds posts by words of their text, keeps the query, and says when nothing matches", async ({
  page,
  problems,
}) => {
  await page.goto("/blog-sidebar");
  await ready(page);
  const search = page.getByRole("searchbox", { name: "Search the blog" });
  await search.fill("reflective");
  await search.press("Enter");
  await expect(page).toHaveURL("/blog-sidebar?q=reflective");
  // The page's forms have status lines of their own (empty until they are sent).
  await expect(page.getByRole("status").filter({ hasText: "matching" })).toContainText("matching “reflective”");
  await expect(cards(page).first()).toBeVisible();
  await expect(search).toHaveValue("reflective");

  await page.goto("/blog-sidebar?q=zzzyyyxxx");
  await ready(page);
  await expect(page.getByText("No post matches “zzzyyyxxx”")).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("a post: its parts, comments, and the comment form's validation and toast", async ({ page, problems }) => {
  await page.goto("/blog-single/1");
  await ready(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome to the TNCC Blog");
  await expect(page.getByRole("main").getByText("TNCC Team")).toBeVisible();
  await expect(page.getByRole("link", { name: "Insight" })).toHaveAttribute("href", "/blog-sidebar?category=insight");
  await expect(page.locator("article ol > li")).toHaveCount(3);
  await expect(page.getByRole("link", { name: /^Reply to / }).first()).toBeVisible();
  await expect(page.getByRole("navigation", { name: "More posts" }).getByRole("link")).toHaveCount(1);

  const form = page.locator("form[action='/api/forms/comment']");
  await form.getByLabel("Name").fill("Ruth");
  await form.getByLabel("E-mail").fill("not-an-email");
  await form.getByRole("button", { name: "Post Comment" }).click();
  await expect(form.getByLabel("E-mail")).toHaveJSProperty("validity.valid", false);
  await expect(form.getByLabel("Name")).toHaveValue("Ruth");
  await expect(page.locator(".Toastify__toast")).toHaveCount(0);
  await form.getByLabel("E-mail").fill("ruth@example.org");
  await form.getByLabel("Comment").fill("Thank you!");
  await form.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.locator(".Toastify__toast")).toContainText("Thanks for your Comment!");
  await expect(form.getByLabel("Name")).toHaveValue("");
  expect(problems).toEqual([]);
});

test("/blog-single/99999 and /blog-single/abc are the 404 page", async ({ page }) => {
  for (const path of ["/blog-single/99999", "/blog-single/abc"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not Found" })).toBeVisible();
  }
});

test("the header search finds a speaker by name and a post by a word of its text", async ({ page }) => {
  await page.goto("/");
  await ready(page);
  await page.getByRole("button", { name: "Search" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Search" });
  await dialog.getByRole("searchbox").fill("Okafor");
  await expect(dialog.getByRole("link", { name: /Samuel Okafor/ })).toBeVisible();
  await dialog.getByRole("searchbox").fill("reflective");
  await expect(dialog.getByRole("link", { name: /Welcome to the TNCC Blog/ })).toBeVisible();
});

test("the feed is linked from every page and lists the posts", async ({ page, request }) => {
  await page.goto("/about-us");
  await expect(page.locator('link[rel=alternate][type="application/atom+xml"]')).toHaveAttribute(
    "href",
    "/blog/feed.xml",
  );
  const feed = await request.get("/blog/feed.xml");
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toContain("xml");
  expect((await feed.text()).match(/<entry>/g)).toHaveLength(content.posts.length);
});

test("the home page's latest news are the three newest posts", async ({ page }) => {
  await page.goto("/");
  const titles = await page.locator("section#news article h3").allTextContents();
  const newest = [...content.posts].sort((a, b) => b.date.localeCompare(a.date)).slice(0, 3);
  expect(titles.map((t) => t.trim())).toEqual(newest.map((post) => post.title));
});
