/**
 * Issue 18: the organisers' inbox at /admin, signed in with the accounts playwright.config.ts creates
 * (tests/e2e/admin-accounts.ts) before the server starts.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { LOCKED, ORGANISER } from "./admin-accounts";
import { content } from "./content";
import { expect as baseExpect, expectNoAxeViolations, ready, test } from "./fixtures";

// Each test is a visitor's page plus an organiser's session. A sign-in costs a deliberately slow scrypt
// (tens of MiB, hundreds of ms), much slower when the machine is busy: answers may take longer than 5 s.
test.slow();
const expect = baseExpect.configure({ timeout: 20_000 });

/** A 401 or 423 from the API is the expected answer, which Chromium still logs as a failed resource. */
const realProblems = (problems: string[]) =>
  problems.filter((p) => !/Failed to load resource: the server responded with a status of (401|423)/.test(p));

async function signIn(page: Page, account = ORGANISER) {
  await page.goto("/admin");
  await ready(page);
  await page.getByLabel("E-mail").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (account === ORGANISER) await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
}

/** Sends the public contact form as a visitor would; returns the unique text of its message. */
async function sendContact(page: Page, subject: string): Promise<string> {
  const marker = `e2e-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
  await page.goto("/contact");
  await ready(page);
  const form = page.locator('form[action="/api/forms/contact"]');
  await form.locator('[name="name"]').fill("Ada Visitor");
  await form.locator('[name="phone"]').fill("5550199");
  await form.locator('[name="email"]').fill(`${marker}@example.org`);
  await form.locator('[name="subject"]').fill(subject);
  await form.locator('[name="message"]').fill(`Hello, this is ${marker}.\nA second line.`);
  await form.locator("[type=submit]").click();
  await expect(page.locator(".Toastify__toast").first()).toBeVisible();
  return marker;
}

test("@phone sign in, see a contact message sent from /contact, open it whole and mark it handled", async ({
  page,
  problems,
}) => {
  const marker = await sendContact(page, `Parking question ${Date.now()}`);
  await signIn(page);
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
  await page
    .getByRole("navigation", { name: "Organisers' areas" })
    .getByRole("link", { name: /^Inbox/ })
    .click();
  await expect(
    page.getByRole("navigation", { name: "Inbox sections" }).getByRole("link", { name: /Contact/ }),
  ).toContainText(/\d+/);
  await expectNoAxeViolations(page);

  const search = page.getByRole("search", { name: "Search this list" });
  await search.getByRole("searchbox", { name: "Search" }).fill(marker);
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${marker}`));
  const list = page.getByRole("list", { name: "Contact" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await list.getByRole("link").click();

  const message = page.getByRole("article");
  await expect(message).toContainText(`Hello, this is ${marker}.`);
  await expect(message.getByText("new", { exact: true })).toBeVisible();
  const reply = message.getByRole("link", { name: "Reply" });
  const href = new URL((await reply.getAttribute("href")) ?? "");
  expect(href.protocol).toBe("mailto:");
  expect(href.searchParams.get("subject")).toMatch(/^Re: Parking question/);
  expect(href.searchParams.get("body")).toContain(`> Hello, this is ${marker}.\n> A second line.`);
  await expectNoAxeViolations(page);

  await message.getByRole("button", { name: "Mark as handled" }).click();
  await expect(message.getByText("handled", { exact: true })).toBeVisible();
  await expect(message.getByRole("button", { name: "Mark as new" })).toBeVisible();

  // Back (the browser's) returns to the search; the filter lives in the URL.
  await page.goBack();
  await expect(list.getByRole("listitem")).toContainText("handled");
  await search.getByRole("combobox", { name: "Status" }).selectOption("new");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("Nothing here for this search.")).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  expect(realProblems(problems)).toEqual([]);
});

test("the CSV export is safe in a spreadsheet: a cell =1+1 comes back as text", async ({ page }) => {
  const marker = await sendContact(page, "=1+1");
  await signIn(page);
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
  await page
    .getByRole("navigation", { name: "Organisers' areas" })
    .getByRole("link", { name: /^Inbox/ })
    .click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV of Contact" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tncc-contact-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parse(await readFile((await download.path())!, "utf8"), { bom: true, columns: true }) as Record<
    string,
    string
  >[];
  // Columns are named by the form's labels (app/forms/contact.ts).
  const row = rows.find((r) => r["E-mail"] === `${marker}@example.org`);
  expect(row?.Subject).toBe("'=1+1");
  expect(row?.Message).toBe(`Hello, this is ${marker}.\nA second line.`);
});

test("@phone erase an address after a confirm step: its message is gone from the inbox", async ({ page, problems }) => {
  const marker = await sendContact(page, "Please forget me");
  await signIn(page);
  await expect(page.getByText(`Signed in as ${ORGANISER.name}`)).toBeVisible();
  await page
    .getByRole("navigation", { name: "Organisers' areas" })
    .getByRole("link", { name: /^Inbox/ })
    .click();
  await page.getByRole("link", { name: "Erase an address" }).click();
  const erasure = page.getByRole("region", { name: /Erase everything stored/ });
  await erasure.getByLabel("E-mail address").fill(`${marker}@example.org`);
  await erasure.getByRole("button", { name: "Erase…" }).click();
  // The confirm step takes the focus; nothing is erased before it.
  await expect(erasure.getByRole("button", { name: "Yes, erase" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Enter");
  await expect(erasure.getByRole("status")).toContainText("submissions: 1 row");
  await page.goto(`/admin?tab=contact&q=${marker}`);
  await expect(page.getByText("Nothing here for this search.")).toBeVisible();
  expect(realProblems(problems)).toEqual([]);
});

test("five wrong passwords lock the account, and the page says until when", async ({ page, problems }) => {
  await page.goto("/admin");
  await ready(page);
  await page.getByLabel("E-mail").fill(LOCKED.email);
  const alert = page.locator("#sign-in-error");
  for (let i = 1; i <= 4; i++) {
    await page.getByLabel("Password").fill(`wrong password ${i}`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toHaveText("Wrong e-mail address or password.");
    // What was typed stays.
    await expect(page.getByLabel("E-mail")).toHaveValue(LOCKED.email);
    await page.getByLabel("Password").fill("");
  }
  await page.getByLabel("Password").fill("wrong password 5");
  await page.getByRole("button", { name: "Sign in" }).click();
  // On the event's clock, with its zone (issue 62): "… until Tue 1 Dec 2026, 18:23 CST".
  await expect(alert).toHaveText(
    /^Too many wrong passwords: this account is locked until \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} [A-Z]/,
  );
  // The right password too waits for the lock to end.
  await page.getByLabel("Password").fill(LOCKED.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(alert).toHaveText(/locked until/);
  await expectNoAxeViolations(page);
  expect(realProblems(problems)).toEqual([]);
});

test("/admin is never indexed and keeps the strict CSP", async ({ request }) => {
  const res = await request.get("/admin");
  expect(res.status()).toBe(200);
  expect(res.headers()["x-robots-tag"]).toMatch(/noindex/);
  expect(res.headers()["content-security-policy"]).toMatch(/script-src 'self' 'sha256-/);
  expect(res.headers()["content-security-policy"]).not.toContain("unsafe-inline' 'unsafe-eval");
  expect((await request.get("/admin/anything")).status()).toBe(200);
  expect((await request.get("/no-such-page")).status()).toBe(404);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).not.toContain("/admin");
  const index = await (await request.get("/search-index.json")).text();
  expect(index).not.toContain("/admin");
});

test("@phone invite an organiser by a one-time link, then remove them: they are signed out at once", async ({
  page,
  browser,
}) => {
  const email = `invited-${Date.now().toString(36)}@example.org`;
  await signIn(page);
  await page.goto("/admin?tab=organisers");
  await page.getByLabel("Their e-mail address").fill(email);
  await page.getByRole("button", { name: "Send the invitation" }).click();
  const status = page.getByRole("region", { name: "Organisers" }).getByRole("status");
  // The browser tests' server sends no mail (no SMTP_URL): the organiser is given the link to pass on.
  await expect(status).toContainText(`Invitation made for ${email}`);
  const link = await page.getByLabel("Invitation link").inputValue();
  await expectNoAxeViolations(page);

  const invitee = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  await ready(invitee);
  await expect(invitee.getByText(`as ${email}`)).toBeVisible();
  await invitee.getByLabel(/^Your name/).fill("Invited Organiser");
  await invitee.getByLabel(/^Password \(at least/).fill("invited organiser password");
  await invitee.getByLabel("Password again").fill("invited organiser password");
  await invitee.getByRole("button", { name: "Create my account" }).click();
  // Accepting signs the new organiser in (issue 53): no second form to fill.
  await expect(invitee.getByText("Your account is ready: you are signed in as Invited Organiser.")).toBeVisible();
  await expect(invitee.getByText("Signed in as Invited Organiser", { exact: true })).toBeVisible();
  // The link worked once (a browser that is not signed in sees why).
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("alert")).toContainText("no longer valid");

  await page.reload();
  await ready(page);
  await page.getByRole("button", { name: "Remove Invited Organiser" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove Invited Organiser" }).click();
  await expect(status).toContainText("Invited Organiser no longer has access");
  await invitee.goto("/admin?tab=contact");
  await expect(invitee.getByRole("button", { name: "Sign in" })).toBeVisible();
});

test("@phone withdraw an invitation: the message takes the focus, and the link works no more", async ({
  page,
  browser,
}) => {
  const email = `withdrawn-${Date.now().toString(36)}@example.org`;
  await signIn(page);
  await page.goto("/admin?tab=organisers");
  await page.getByLabel("Their e-mail address").fill(email);
  await page.getByRole("button", { name: "Send the invitation" }).click();
  const status = page.getByRole("region", { name: "Organisers" }).getByRole("status");
  await expect(status).toContainText(`Invitation made for ${email}`);
  const link = await page.getByLabel("Invitation link").inputValue();
  await page.getByRole("button", { name: `Withdraw the invitation for ${email}` }).click();
  const said = status.getByText(`The invitation for ${email} is withdrawn: its link works no more.`);
  await expect(said).toBeFocused();
  await expect(page.getByRole("button", { name: `Withdraw the invitation for ${email}` })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("alert")).toContainText("no longer valid");
});

test("@phone the content editor opens a file, fits the screen and passes axe", async ({ page }) => {
  // Looked at only: this server's content is the repository's own, so nothing is saved here
  // (tests/e2e/publish.spec.ts saves and publishes in a working copy of its own).
  await signIn(page);
  await page.goto("/admin/content?file=schedule/day-01.yaml");
  // The fields come from the content's schemas; the text is one click away.
  await expect(page.getByLabel("Label", { exact: true })).toHaveValue("Day 01");
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  const sessions = page.getByRole("group", { name: "Sessions" });
  const entries = sessions.locator(":scope > details");
  const count = await entries.count();
  expect(count).toBeGreaterThan(1);
  // A list entry is added and removed in the form (the draft only: nothing is saved here).
  await page.getByRole("button", { name: "Add to sessions" }).click();
  await expect(entries).toHaveCount(count + 1);
  await entries.last().locator(":scope > summary").click();
  // Its id and number are given when it is saved (issue 41): nothing to type.
  await expect(entries.last().locator(":scope > summary")).toHaveText(`Session ${count + 1}`);
  await expect(entries.last().getByLabel("Id", { exact: true })).toHaveCount(0);
  await expect(entries.last().getByLabel("Title", { exact: true })).toHaveValue("");
  await expectNoAxeViolations(page);
  await entries
    .last()
    .getByRole("button", { name: /^Remove/ })
    .click();
  await expect(entries).toHaveCount(count);
  await page.getByRole("button", { name: "Discard my changes and reload" }).click();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.getByRole("button", { name: "Text", exact: true }).click();
  await expect(page.getByLabel("Text of content/schedule/day-01.yaml")).toHaveValue(/sessions:/);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page);
});

test("approving three comments at once from the list shows all three on their posts", async ({ page, request }) => {
  const marker = `bulk-${Date.now().toString(36)}`;
  const posts = content.posts.slice(-3).map((post) => post.id);
  for (const [i, post] of posts.entries()) {
    const res = await request.post("/api/forms/comment", {
      data: {
        name: "Bo Visitor",
        email: `${marker}-${i}@example.org`,
        comment: `Bulk ${i} (${marker})`,
        page: `/blog-single/${post}`,
      },
    });
    expect(res.status()).toBe(201);
  }
  await signIn(page);
  await page.goto(`/admin?tab=comment&status=pending&q=${marker}`);
  const list = page.getByRole("list", { name: "Comments" });
  await expect(list.getByRole("checkbox")).toHaveCount(3);
  await page.getByLabel("Select all on this page").check();
  await page.getByRole("button", { name: "Approve (3) selected" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 items approved" })).toBeVisible();
  // The list (pending only) reloads empty, and still says what was done.
  await expect(page.getByText("Nothing here for this search.")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "3 items approved" })).toBeVisible();
  await expectNoAxeViolations(page);

  for (const [i, post] of posts.entries()) {
    await page.goto(`/blog-single/${post}`);
    await ready(page);
    await expect(page.getByText(`Bulk ${i} (${marker})`)).toBeVisible();
  }
});

test("approve a comment in the inbox, then see it on its post as a visitor", async ({ page, browser }) => {
  const marker = `comment-${Date.now().toString(36)}`;
  // The last post: the e2e server is shared, and other specs count the sample comments of the first one.
  await page.goto(`/blog-single/${content.posts.at(-1)!.id}`);
  await ready(page);
  const form = page.locator('form[action="/api/forms/comment"]');
  await form.locator('[name="name"]').fill("Bo Visitor");
  await form.locator('[name="email"]').fill(`${marker}@example.org`);
  await form.locator('[name="comment"]').fill(`Lovely post (${marker})`);
  await form.locator("[type=submit]").click();
  await expect(page.locator(".Toastify__toast").first()).toBeVisible();

  const organiser = await browser.newPage();
  await signIn(organiser);
  await organiser.goto(`/admin?tab=comment&q=${marker}`);
  await organiser.getByRole("list", { name: "Comments" }).getByRole("link").click();
  await organiser.getByRole("button", { name: "Approve" }).click();
  await expect(organiser.getByRole("article").getByText("approved", { exact: true })).toBeVisible();

  await page.reload();
  await ready(page);
  await expect(page.getByText(`Lovely post (${marker})`)).toBeVisible();
});
