import { expect, test } from "./fixtures";

test("pages carry the security headers and a hash-based CSP without 'unsafe-inline' scripts", async ({ request }) => {
  const response = await request.get("/about-us");
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
  expect(scriptSrc).toMatch(/'sha256-/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
  for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=(self), microphone=()");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["cache-control"]).toBe("no-cache");
});

test("an injected inline script is blocked by the CSP", async ({ page }) => {
  await page.goto("/about-us");
  const violation = page.evaluate(
    () =>
      new Promise<string>((resolve) =>
        document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective), {
          once: true,
        }),
      ),
  );
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.injected = true";
    document.body.append(script);
  });
  expect(await violation).toMatch(/^script-src/);
  expect(await page.evaluate(() => "injected" in window)).toBe(false);
});
