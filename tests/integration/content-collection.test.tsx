// @vitest-environment jsdom
/**
 * Issue 40: a content collection is one entry of app/content/collections.ts. A collection added to that list,
 * and nowhere else, is read and checked by the loader (so the build and `npm run check:content`), and in the
 * editor: "Add a file" offers its folder with its template, its form is drawn from its schema, a save is checked
 * by it, and its pictures' folder is offered for uploads.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { cleanup, configure, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Hono } from "hono";
import { createRoutesStub } from "react-router";
import { afterAll, afterEach, beforeAll, expect, it, vi } from "vitest";
import * as z from "zod";
import { ContentEditor } from "../../app/components/admin/content/content-editor";
import { COLLECTIONS, picturesDir, type CollectionList } from "../../app/content/collections";
import { ContentError, loadContent } from "../../app/content/load";
import { id, text } from "../../app/content/schemas";
import { stubImageManifest } from "../../app/content/stub-images";
import { upsertAdmin } from "../../server/admin/accounts/queries";
import { createApp } from "../../server/app";
import { openDatabase, type Database } from "../../server/db/client";
import { smallestBuild } from "../fixtures/smallest-build";
import { IMAGE_MANIFEST } from "../../app/lib/build-outputs";

// Each save runs the build's whole content check on the real API: slow on a busy machine. findBy* waits for
// what the page shows next, never for a fixed time.
configure({ asyncUtilTimeout: 30_000 });
/** The editor's requests for a file's text wait for this (a slow network). */
let held: Promise<void> = Promise.resolve();
/** The last such answer, read whole. */
let slowAnswer: Promise<unknown> = Promise.resolve();

const SITE = "https://tncc.example.org";

/** The site's collections and one more: notices, one YAML file each, with a picture. */
const WITH_NOTICES = {
  ...COLLECTIONS,
  notices: {
    files: { folder: "notices", extension: ".yaml" },
    label: "Notices",
    schema: (_, { image }) => z.strictObject({ id, title: text, image }),
    pictures: ["notices"],
    template: "title: \nimage: \n",
  },
} satisfies CollectionList;

const images = {
  ...stubImageManifest(),
  "notices/board.jpg": { src: "/images/notices/board.jpg", width: 800, height: 600, srcset: "" },
};
let dir: string;
let repo: string;
let contentDir: string;
let database: Database;
let app: Hono;
let cookie = "";
const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" }).trim();

beforeAll(async () => {
  // jsdom lays nothing out, so has no scrolling: the editor scrolls its result into view.
  Element.prototype.scrollIntoView ??= () => {};
  let root: string;
  ({ dir, root } = smallestBuild("tncc-collection-"));
  repo = path.join(dir, "repo");
  contentDir = path.join(repo, "content");
  cpSync("content", contentDir, { recursive: true });
  mkdirSync(path.join(contentDir, "notices"));
  writeFileSync(
    path.join(contentDir, "notices", "01-doors.yaml"),
    "id: 1\ntitle: Doors open at 8\nimage: notices/board.jpg\n",
  );
  git("init", "--quiet");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content");
  const manifest = path.join(dir, path.basename(IMAGE_MANIFEST));
  writeFileSync(manifest, JSON.stringify(images));
  database = await openDatabase({ dataDir: path.join(dir, "data") });
  app = createApp({
    root,
    log: () => {},
    trustProxy: true,
    siteUrl: SITE,
    database,
    forms: {
      organiserEmail: async () => "info@tncc.example.org",
      siteUrl: SITE,
      rateLimit: { limit: 100, windowMs: 1000 },
    },
    admin: {
      content: {
        copy: { dir: contentDir, imageManifest: manifest, collections: WITH_NOTICES },
        images: { dir: picturesDir(contentDir) },
        liveCommit: () => null,
      },
    },
  });
  await upsertAdmin(database.db, "editor@tncc.example.org", "editor password long", false);
  // The editor's requests (adminApi's fetch) go to the server as a signed-in organiser's browser sends them.
  vi.stubGlobal("fetch", (url: string, init: RequestInit = {}) => {
    const send = () =>
      app.request(`http://site.test${url}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), origin: SITE, cookie, "x-forwarded-for": "10.9.0.2" },
      });
    if (!url.startsWith("/api/admin/content/file?")) return send();
    const answer = held.then(send);
    slowAnswer = answer.then((res) => res.clone().text());
    return answer;
  });
  const res = await fetch("/api/admin/session", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "editor@tncc.example.org", password: "editor password long" }),
  });
  expect(res.status).toBe(200);
  cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}, 120_000);

afterEach(cleanup);

afterAll(async () => {
  vi.unstubAllGlobals();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const problems = (run: () => unknown) => {
  try {
    run();
    return [];
  } catch (error) {
    if (error instanceof ContentError) return error.problems;
    throw error;
  }
};

it("loads and checks the files of a collection added to the list only; the site's list alone refuses them", () => {
  expect(loadContent(contentDir, images, { collections: WITH_NOTICES }).notices).toEqual([
    { id: 1, title: "Doors open at 8", image: expect.objectContaining({ src: "/images/notices/board.jpg" }) },
  ]);

  const broken = mkdtempSync(path.join(tmpdir(), "tncc-notices-"));
  try {
    cpSync(contentDir, broken, { recursive: true });
    writeFileSync(
      path.join(broken, "notices", "02-late.yaml"),
      'id: 2\ntitle: "  "\nimage: notices/none.jpg\nwhen: 9\n',
    );
    expect(problems(() => loadContent(broken, images, { collections: WITH_NOTICES }))).toEqual([
      "content/notices/02-late.yaml: title: must not be empty",
      'content/notices/02-late.yaml: image: image "notices/none.jpg" not found in public/images',
      "content/notices/02-late.yaml: when: unknown field (check the spelling)",
    ]);
  } finally {
    rmSync(broken, { recursive: true, force: true });
  }

  expect(problems(() => loadContent(contentDir, images))).toEqual([
    "content/notices/01-doors.yaml: no collection reads this file (check its folder and name)",
  ]);
});

it("is offered by the editor's 'Add a file', its form drawn from its schema, a new file saved when it passes", async () => {
  const failed: string[] = [];
  // The first file's text is slow to come: it arrives after the new file is started, and must not replace it.
  let release = () => {};
  held = new Promise<void>((resolve) => (release = resolve));
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => <ContentEditor fail={(status, message) => failed.push(`${status} ${message}`)} />,
    },
  ]);
  render(<Stub initialEntries={["/admin?tab=content"]} />);

  // Its pictures' folder is offered for uploads, its folder for a new file.
  expect(await screen.findByRole("option", { name: "notices" })).toBeTruthy();
  await screen.findByRole("option", { name: "Notices" });
  fireEvent.change(screen.getByLabelText("Folder of the new file"), { target: { value: "notices" } });
  fireEvent.change(screen.getByLabelText("Name of the new file"), { target: { value: "Stage times" } });
  fireEvent.click(screen.getByRole("button", { name: "Start the new file" }));

  // The form of its fields, from the schema endpoint, filled from its template.
  const title = await screen.findByRole("textbox", { name: "Title" });
  release();
  await slowAnswer;
  // One turn for the editor to read that answer: it must leave the new file as it is.
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(screen.getByText("No picture chosen yet.")).toBeTruthy();
  // Its id is not asked for: the save gives the next free one.
  expect(screen.queryByLabelText("Id")).toBeNull();
  fireEvent.change(title, { target: { value: "Stage opens at 9" } });

  // Saved only once it passes the collection's schema; the problem is shown at its field, and focused.
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  // findByText, not findByRole: role queries over this long page, repeated on every change, would starve the
  // server's check, which runs in this same process.
  const problems = await screen.findAllByText("The image is empty: fill it in");
  // Once at the field, once in the summary, which has the focus.
  expect(problems).toHaveLength(2);
  const box = problems.find((p) => p.closest('[role="alert"]'))!.closest('[role="alert"]')!.parentElement!;
  // The focus moves in an effect after the result is drawn: on a busy machine, a turn after the text shows.
  await waitFor(() => expect(document.activeElement).toBe(box));
  const picture = document.getElementById("field-image")!;
  expect(picture.getAttribute("aria-describedby")).toContain("field-image-problem");
  expect(document.getElementById("field-image-problem")!.textContent).toBe("The image is empty: fill it in");
  // Chosen from the collection's pictures.
  fireEvent.click(picture);
  fireEvent.click(await screen.findByText("board"));
  // Named by what it is, never its path (issue 62).
  expect(screen.getByText("Chosen: board")).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  expect((await screen.findByText(/^Saved: New in Notices: stage-times\. /)).closest('[role="status"]')).not.toBeNull();
  expect(readFileSync(path.join(contentDir, "notices", "stage-times.yaml"), "utf8")).toBe(
    "id: 2\ntitle: Stage opens at 9\nimage: notices/board.jpg\n",
  );
  expect(git("log", "-1", "--format=%ae|%s")).toBe(
    "editor@tncc.example.org|Edit content/notices/stage-times.yaml: new file",
  );
  expect(failed).toEqual([]);
}, 60_000);
