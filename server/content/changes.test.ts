/**
 * Issue 41: a kept build is named by the content changes it brought and who made them, read from the content's
 * git history (a working copy of its own here), never by its id or commit.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { describeBuild } from "../../app/lib/admin/publish";
import { buildSummary, describeCommit, fileLabel } from "./changes";

describe("a commit in people's words", () => {
  it("names the file as organisers know it and the entries the save names", () => {
    expect(describeCommit("Edit content/schedule/day-01.yaml: sessions id 1 (Registration & Welcome)")).toBe(
      "Programme · Day 1: Registration & Welcome",
    );
    expect(describeCommit("Edit content/faqs.yaml: faqs id 3 (Where do I park?), id 4 (Is there food?)")).toBe(
      "FAQs: Where do I park?, Is there food?",
    );
    expect(describeCommit("Edit content/blog/posts/07-why-we-gather.md: title, date")).toBe(
      "Blog · Why We Gather: title, date",
    );
    expect(describeCommit("Edit content/blog/posts/99-written-in-the-editor.md: new file")).toBe(
      "New: Blog · Written in the Editor",
    );
    expect(describeCommit("Add public/images/blog/choir.jpg: The choir singing")).toBe(
      "New picture: The choir singing",
    );
    expect(describeCommit('Undo "Edit content/site.yaml: title"')).toBe("Undone: Site: title");
    expect(describeCommit("Content as deployed")).toBe("Content as deployed");
    expect(describeCommit('Revert "Edit content/site.yaml: title"')).toBe("Undone: Site: title");
  });

  it("names a file by what it holds, as the collections describe it (issue 51)", () => {
    expect(fileLabel("speakers/01-grace-adeyemi.md")).toBe("Speaker · Grace Adeyemi");
    expect(fileLabel("speakers/01-grace-adeyemi.md", { name: "Grace A. Adeyemi" })).toBe("Speaker · Grace A. Adeyemi");
    expect(fileLabel("schedule/day-02.yaml")).toBe("Programme · Day 2");
    expect(fileLabel("schedule/day-02.yaml", { label: "Day 02", date: "2024-10-25" })).toBe(
      "Programme · Day 2, Fri 25 Oct",
    );
    expect(fileLabel("schedule/day-01.yaml", { label: "Opening day", date: new Date("2024-10-24T00:00:00Z") })).toBe(
      "Programme · Opening day, Thu 24 Oct",
    );
    // A date that is not one is left out, not shown as "Invalid Date".
    expect(fileLabel("schedule/day-01.yaml", { label: "Day 01", date: "2024-13-45" })).toBe("Programme · Day 1");
    expect(fileLabel("blog/comments.yaml")).toBe("Blog · comments");
    expect(fileLabel("blog/posts/07-why-we-gather.md", { title: "Why we gather on Sundays" })).toBe(
      "Blog · Why we gather on Sundays",
    );
    expect(fileLabel("faqs.yaml")).toBe("FAQs");
    expect(fileLabel("notes/read-me.yaml")).toBe("Read Me");
  });

  it("says 'Site update' for anyone else's commit when asked, never their message", () => {
    const words = { otherwise: "Site update", label: () => "Programme · Day 1, Thu 24 Oct" };
    expect(describeCommit("Edit content/schedule/day-01.yaml: sessions id 1 (Registration)", words)).toBe(
      "Programme · Day 1, Thu 24 Oct: Registration",
    );
    expect(describeCommit("Issue 12: fix the schema (dev@users.noreply.github.com)", words)).toBe("Site update");
    expect(describeCommit('Revert "Edit content/schedule/day-01.yaml: title"', words)).toBe("Site update");
    expect(describeCommit('Undo "Issue 12: a developer\'s change"', words)).toBe("Undone: Site update");
  });
});

describe("what a build brought", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "tncc-changes-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { encoding: "utf8" }).trim();
  const commit = (file: string, message: string, name: string) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), `${message}\n`);
    git("add", ".");
    git("-c", `user.name=${name}`, "-c", "user.email=o@example.org", "commit", "--quiet", "-m", message);
    return git("rev-parse", "HEAD");
  };

  it("lists the content commits since the build before, newest first, by their authors' names", async () => {
    git("init", "--quiet");
    const deployed = commit("content/site.yaml", "Content as deployed", "setup");
    commit(
      "content/schedule/day-01.yaml",
      "Edit content/schedule/day-01.yaml: sessions id 1 (Registration)",
      "Grace Mensah",
    );
    // A developer's commit outside the content is not the organisers' change.
    commit("server/code.ts", "Refactor the server", "dev");
    const head = commit("public/images/blog/a.jpg", "Add public/images/blog/a.jpg: The choir", "Kofi Boateng");
    const content = path.join(dir, "content");

    const summary = await buildSummary(content, deployed, head);
    expect(summary?.changes.map((c) => [c.what, c.by])).toEqual([
      ["New picture: The choir", "Kofi Boateng"],
      ["Programme · Day 1: Registration", "Grace Mensah"],
    ]);
    expect(describeBuild(summary)).toMatchObject({
      what: "New picture: The choir and 1 more change",
      by: "Kofi Boateng and Grace Mensah",
    });
    // The first build kept: the last change it was built from.
    // A commit not made in the editor is a "Site update" by no one: never its message or its author (issue 62).
    const first = await buildSummary(content, null, deployed);
    expect(first).toMatchObject({ first: true, changes: [{ what: "Site update", by: null }] });
    expect(describeBuild(first)).toMatchObject({ what: "Site update", by: null });
    // Built again from the same content; a commit git does not know.
    expect(describeBuild(await buildSummary(content, head, head)).what).toBe("No content changes (built again)");
    expect(await buildSummary(content, deployed, "f".repeat(40))).toBeNull();
    // A build before it from other content (the repository's own build, say): its last change only.
    expect(await buildSummary(content, "e".repeat(40), head)).toMatchObject({
      first: true,
      changes: [{ what: "New picture: The choir", by: "Kofi Boateng" }],
    });
  });

  it("names a build by the organisers' edits, not a code commit's message or author, nor a publish's record (issue 62)", async () => {
    const before = git("rev-parse", "HEAD");
    // A developer's commit that touches the content too (as "Issue 53: payments behind one interface" did).
    commit("content/ticket-plans.yaml", "Issue 53: payments behind one interface (server/payments/)", "A Developer");
    commit(
      "content/schedule/day-02.yaml",
      "Edit content/schedule/day-02.yaml: sessions id 3 (Networking and Mixer)",
      "Grace Mensah",
    );
    // The publish records the move it found, as Grace's commit: it restates her edit.
    const published = commit(
      "content/schedule/day-02.yaml",
      "Programme changes announced: Networking and Mixer",
      "Grace Mensah",
    );
    const summary = await buildSummary(path.join(dir, "content"), before, published);
    expect(summary?.changes.map((c) => [c.what, c.by])).toEqual([
      ["Programme · Day 2: Networking and Mixer", "Grace Mensah"],
      ["Site update", null],
    ]);
    const name = describeBuild(summary);
    expect(name).toMatchObject({
      what: "Programme · Day 2: Networking and Mixer and 1 more change",
      by: "Grace Mensah",
    });
    expect(JSON.stringify(summary)).not.toMatch(/Issue 53|Developer|announced/);
    // The first build kept, built from the publish: its last change is Grace's edit, not the record.
    expect(await buildSummary(path.join(dir, "content"), null, published)).toMatchObject({
      first: true,
      changes: [{ what: "Programme · Day 2: Networking and Mixer", by: "Grace Mensah" }],
    });
  });
});
