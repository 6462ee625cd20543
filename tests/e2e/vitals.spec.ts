import { expect, HARNESS, test } from "./fixtures";

// The reporter is only in a build made with VITE_VITALS_URL; rather than a second site build, a test page
// (tests/fixtures/harness/vitals.html) runs the real app/lib/vitals/report.ts against the real server here.

test("/api/vitals: the browser's own measurement, sent as the site sends it, is accepted with 204", async ({
  page,
  baseURL,
  problems,
}) => {
  const endpoint = `${baseURL}/api/vitals`;
  await page.goto(`${HARNESS}vitals.html?to=${encodeURIComponent(endpoint)}`);
  await expect(page.getByRole("heading", { name: "Vitals harness" })).toBeVisible();
  const sent = page.waitForRequest((request) => request.url() === endpoint && request.method() === "POST");
  // The first input ends the page's largest-contentful-paint measurement, which the reporter then sends.
  await page.getByRole("heading").click();
  const request = await sent;
  const payload = JSON.parse(request.postData() ?? "null");
  expect(payload).toEqual({
    name: "LCP",
    value: expect.any(Number),
    id: expect.stringMatching(/^v\d+-/),
    rating: "good",
    page: "/vitals.html",
  });
  expect(payload.value).toBeGreaterThan(0);
  expect((await request.response())?.status()).toBe(204);
  expect(problems).toEqual([]);
});
