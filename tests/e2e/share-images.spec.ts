/** Issue 33: every page that is shared names a share picture of its own, 1200×630 and under 150 KB. */
import sharp from "sharp";
import { content } from "./content";
import { expect, test } from "./fixtures";

const pages = [
  "/",
  ...content.speakers.map((s) => `/speakers-detail/${s.id}`),
  ...content.scheduleDays.flatMap((d) => d.sessions.map((s) => `/event-detail/${d.id}/${s.id}`)),
  ...content.posts.map((p) => `/blog-single/${p.id}`),
];

test("every speaker, session and post page (and the home page) names its own share picture", async ({ request }) => {
  test.setTimeout(120_000);
  const seen = new Map<string, string>();
  for (const page of pages) {
    const html = await (await request.get(page)).text();
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, "&");
    const image = meta("og:image");
    expect(image, page).toMatch(/^https:\/\/tncc\.example\.org\/images\/og\/[\w-]+\.jpg$/);
    expect(seen.get(image!), `${page} shares its picture with ${seen.get(image!)}`).toBeUndefined();
    seen.set(image!, page);
    expect(meta("og:image:alt"), page).toBeTruthy();
    expect([meta("og:image:width"), meta("og:image:height")], page).toEqual(["1200", "630"]);
    expect(meta("twitter:card"), page).toBe("summary_large_image");
    // The file is served from this build (SITE_URL's path on the server under test).
    const file = await request.get(new URL(image!).pathname);
    expect(file.status(), image).toBe(200);
    const body = await file.body();
    expect(body.length, image).toBeLessThan(150 * 1024);
    const { width, height, format } = await sharp(body).metadata();
    expect([format, width, height], image).toEqual(["jpeg", 1200, 630]);
  }
  expect(seen.size).toBe(pages.length);
});
