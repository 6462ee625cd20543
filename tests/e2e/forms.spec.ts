import { expect, test } from "./fixtures";

/**
 * Hydration waits for the load event, and a visitor may type and submit before it (or without JavaScript).
 * Every form must then POST, so nothing typed lands in the URL (or in server logs), and the visitor
 * still sees that the form was sent.
 */
const PAGES_WITH_FORMS = ["/", "/faqs", "/contact", "/buy-ticket", "/coming-soon", "/login", "/blog-single/1"];

const TYPED = {
  email: "visitor.before.hydration@example.org",
  tel: "5550199",
  number: "9",
  password: "Secret-Pass-123",
  text: "Typed Before Hydration",
  textarea: "A message typed before hydration",
};

for (const path of PAGES_WITH_FORMS) {
  test(`forms on ${path} never put what was typed into the URL before hydration`, async ({ page, browser }) => {
    // No script ever runs: the page stays as pre-rendered, exactly as before hydration.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto(path);
    const forms = page.locator("form:not([role=search]):not([data-needs-js] form)");
    const count = await forms.count();
    expect(count, `a form on ${path}`).toBeGreaterThan(0);

    for (let i = 0; i < count; i++) {
      const fresh = await browser.newPage();
      await fresh.route(/\.js(\?|$)/, (route) => route.abort());
      await fresh.goto(path);
      const form = fresh.locator("form:not([role=search]):not([data-needs-js] form)").nth(i);
      await expect(form, `form ${i} on ${path}`).toHaveAttribute("method", /^post$/i);
      // A form nobody sees yet (the sold-out notice's waiting list on /buy-ticket, until its anchor): nothing to type.
      if (!(await form.isVisible())) {
        await fresh.close();
        continue;
      }
      for (const field of await form.locator("input, textarea, select").all()) {
        if (!(await field.isVisible())) continue;
        const tag = await field.evaluate((el) => el.tagName.toLowerCase());
        const type = (await field.getAttribute("type")) ?? "text";
        if (tag === "select") await field.selectOption({ index: 1 }).catch(() => field.selectOption({ index: 0 }));
        else if (tag === "textarea") await field.fill(TYPED.textarea);
        else if (type === "checkbox") await field.check();
        else if (type in TYPED) await field.fill(TYPED[type as keyof typeof TYPED]);
        else if (["text", "search", "url"].includes(type)) await field.fill(TYPED.text);
      }
      const action = (await form.getAttribute("action")) ?? "";
      await Promise.all([
        fresh.waitForURL((url) => url.hash !== "" || url.pathname !== path),
        form.locator("[type=submit]").first().click(),
      ]);
      const after = new URL(fresh.url());
      const url = decodeURIComponent(after.pathname + after.search + after.hash);
      for (const value of Object.values(TYPED)) expect(url, `form ${i} on ${path}`).not.toContain(value);
      expect(after.search, `form ${i} on ${path}`).toBe("");
      if (action.startsWith("/api/forms/")) {
        expect(after.pathname).toBe(path);
        await expect(fresh.locator(".form-sent:target")).toBeVisible();
      }
      await fresh.close();
    }
  });
}

test.describe("the newsletter box of the conference homes, without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  for (const path of ["/home-2", "/home-3"]) {
    test(`${path}: subscribing posts and lands on the form's success message`, async ({ page }) => {
      await page.goto(path);
      const section = page.locator("section", {
        has: page.getByRole("heading", { name: "Subscribe for the latest news" }),
      });
      const form = section.locator("form");
      await expect(form).toHaveAttribute("method", /^post$/i);
      await form.getByRole("textbox", { name: "Your e-mail address" }).fill(TYPED.email);
      const posted = page.waitForRequest((request) => request.method() === "POST");
      await form.locator("[type=submit]").click();
      expect(new URL((await posted).url()).pathname).toMatch(/^\/api\/forms\//);
      await page.waitForURL((url) => url.pathname === path && url.hash !== "");
      expect(new URL(page.url()).search).toBe("");
      expect(page.url()).not.toContain(encodeURIComponent(TYPED.email));
      // The message the anchor points at is this form's own, and it shows.
      const sent = page.locator(".form-sent:target");
      await expect(sent).toBeVisible();
      expect(await section.locator(".form-sent:target").count()).toBe(1);
    });
  }
});
