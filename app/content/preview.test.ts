/**
 * Issue 41: the editor's page preview. A content file names the pages it shows on; a page's data is what its
 * route loader returns (the same views), computed from the content as saved: a changed file shows at once.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as Load from "./load";
import type * as Preview from "./preview.server";
import { stubImageManifest } from "./stub-images";
import type * as Views from "./views.server";

// Unit tests run before the build: the images the build promises, not .generated/images.json.
vi.mock("./load", async (original) => ({
  ...(await original<typeof Load>()),
  readImageManifest: () => stubImageManifest(),
}));

const dir = mkdtempSync(path.join(tmpdir(), "tncc-preview-"));
const contentDir = path.join(dir, "content");
let preview: typeof Preview;
let views: typeof Views;

beforeAll(async () => {
  cpSync(path.resolve(import.meta.dirname, "../../content"), contentDir, { recursive: true });
  vi.stubEnv("CONTENT_DIR", contentDir);
  preview = await import("./preview.server");
  views = await import("./views.server");
});

afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

describe("previewPages", () => {
  it("names the schedule and each session of a day by its title", () => {
    const pages = preview.previewPages("schedule/day-01.yaml");
    // The schedule opens on this day's tab (issue 62).
    expect(pages[0]).toEqual({ page: "/schedule", label: "Schedule · Day 1", anchor: "day-1" });
    expect(pages).toContainEqual({ page: "/event-detail/1/1", label: "Registration & Welcome" });
    expect(pages).toContainEqual({ page: "/event-detail/1/2", label: "Opening Worship" });
    const day = views.scheduleView().days[0]!;
    expect(pages).toHaveLength(1 + day.sessions.length);
  });

  it("names a speaker's, a post's and a small collection's page; the home page for the rest", () => {
    expect(preview.previewPages("speakers/03-ruth-mensah.md")).toEqual([
      { page: "/speakers-detail/3", label: "Ruth Mensah" },
    ]);
    expect(preview.previewPages("blog/posts/01-welcome-to-the-tncc-blog.md")).toEqual([
      { page: "/blog-single/1", label: "Welcome to the TNCC Blog" },
    ]);
    expect(preview.previewPages("faqs.yaml")).toEqual([{ page: "/faqs", label: "FAQs" }]);
    expect(preview.previewPages("gallery.yaml")).toEqual([{ page: "/gallery", label: "Gallery" }]);
    expect(preview.previewPages("ticket-plans.yaml")).toEqual([{ page: "/pricing", label: "Pricing" }]);
    for (const rel of ["site.yaml", "banner.yaml", "features.yaml"])
      expect(preview.previewPages(rel), rel).toEqual([{ page: "/", label: "Home" }]);
    expect(preview.previewPages("notes/todo.md")).toEqual([]);
    expect(preview.previewPages("../package.json")).toEqual([]);
  });
});

describe("previewData", () => {
  it("gives each page the data its route loader gives it, and its route", () => {
    expect(preview.previewData("/event-detail/1/1")).toEqual({
      route: "event-detail",
      data: views.eventDetailView(1, 1),
    });
    expect(preview.previewData("/speakers-detail/3")).toEqual({
      route: "speaker-detail",
      data: views.speakerDetailView(3),
    });
    expect(preview.previewData("/blog-single/1")).toEqual({ route: "blog-single", data: views.blogPostView(1) });
    expect(preview.previewData("/schedule")).toEqual({ route: "schedule", data: views.scheduleView() });
    expect(preview.previewData("/")).toEqual({ route: "home", data: views.homeView() });
    expect(preview.previewData("/pricing")?.route).toBe("pricing");
    expect(preview.previewData("/faqs")?.route).toBe("faqs");
    expect(preview.previewData("/gallery/")?.route).toBe("gallery");
  });

  it("is null for a page that does not exist or is not previewed", () => {
    for (const page of ["/event-detail/1/999", "/event-detail/x/1", "/speakers-detail/", "/about-us", "/nope", ""])
      expect(preview.previewData(page), page).toBeNull();
  });

  it("shows a saved change at once", async () => {
    const file = path.join(contentDir, "schedule", "day-01.yaml");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.replace("title: Registration & Welcome", "title: Doors Open & Welcome"));
    // The next request: the content's files are looked at once per turn of the event loop (content.server.ts).
    await new Promise(setImmediate);
    const data = preview.previewData("/event-detail/1/1")?.data as ReturnType<typeof views.eventDetailView>;
    expect(data?.session.title).toBe("Doors Open & Welcome");
    expect(preview.previewPages("schedule/day-01.yaml")).toContainEqual({
      page: "/event-detail/1/1",
      label: "Doors Open & Welcome",
    });
  });
});
