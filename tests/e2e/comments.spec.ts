/**
 * Issue 18: a comment an organiser approved appears on its post for visitors, without a rebuild. Runs its
 * own server on a throwaway PostgreSQL (see forms-delivery.helpers.ts): the test approves the row through
 * SQL, as the inbox's "approve" does (status "approved"), then looks at the post as a visitor.
 */
import { content } from "./content";
import { expect, ready, test } from "./fixtures";
import { startStack, type Stack } from "./forms-delivery.helpers";

const base = Number(process.env.E2E_PORT ?? 4174);
const PORTS = { site: base + 30, smtp: base + 40, pg: base + 50 };
const [post, otherPost] = content.posts;
const samples = content.comments.length;
const heading = (n: number) => `${n} ${n === 1 ? "Comment" : "Comments"}`;

test.describe.configure({ mode: "serial" });

let stack: Stack;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack(PORTS);
});
test.afterAll(async () => {
  await stack?.stop();
});
test.use({ baseURL: `http://127.0.0.1:${PORTS.site}` });

test("a comment shows on its post once approved, as plain text, and only there", async ({
  browser,
  page,
  problems,
}) => {
  const stamp = Date.now().toString(36);
  const email = `commenter.${stamp}@example.org`;
  const text = `A thoughtful reply ${stamp} <b>not bold</b>`;
  await page.goto(`/blog-single/${post!.id}`);
  await ready(page);
  const form = page.locator('form[action="/api/forms/comment"]');
  await form.getByLabel("Name").fill("Grace Hopper");
  await form.getByLabel("E-mail").fill(email);
  await form.getByLabel("Comment").fill(text);
  await form.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.locator(".Toastify__toast", { hasText: "Thanks for your Comment!" })).toBeVisible();

  // Waiting for moderation: not shown.
  const visitor = await browser.newPage();
  await visitor.goto(`/blog-single/${post!.id}`);
  await ready(visitor);
  const comments = visitor.getByRole("region", { name: heading(samples) });
  await expect(comments).toBeVisible();
  await expect(visitor.getByText(stamp)).toHaveCount(0);

  const approved = await stack.client.query(
    "UPDATE submissions SET status = 'approved' WHERE kind = 'comment' AND email = $1 RETURNING data->>'postId' AS post",
    [email],
  );
  expect(approved.rows).toEqual([{ post: String(post!.id) }]);

  await visitor.reload();
  await ready(visitor);
  const list = visitor.getByRole("region", { name: heading(samples + 1) });
  await expect(list.getByRole("listitem").last()).toContainText("Grace Hopper");
  await expect(list.getByRole("listitem").last()).toContainText(text);
  await expect(list.locator("b")).toHaveCount(0);
  await expect(list).not.toContainText(email);

  await visitor.goto(`/blog-single/${otherPost!.id}`);
  await ready(visitor);
  await expect(visitor.getByRole("region", { name: heading(samples) })).toBeVisible();
  await expect(visitor.getByText(stamp)).toHaveCount(0);
  await visitor.close();
  expect(problems).toEqual([]);
});
