/**
 * A content-only publish's precompress (issue 65) takes the live build's copies only for a file whose bytes are
 * the live build's, and never writes through a hard link into the live build.
 */
import { linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { sameAsLive } from "./live-files";
import { missingCompressed, precompressStep } from "./precompress";

const root = mkdtempSync(path.join(tmpdir(), "tncc-live-files-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = (words: string) => `<!DOCTYPE html><p>${words}</p>`.padEnd(6000, " ");
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
};
const run = (clientDir: string, live?: string) =>
  precompressStep.run({ clientDir, live, buildDir: path.dirname(clientDir), siteUrl: "", env: {}, pages: [] });

describe("precompress in a content-only publish", () => {
  it("takes the live build's copies for the same bytes only, and replaces a link instead of writing through it", async () => {
    const live = path.join(root, "live");
    const liveClient = path.join(live, "client");
    write(path.join(liveClient, "same.html"), page("Registration and Welcome"));
    write(path.join(liveClient, "changed.html"), page("Registration and Welcome"));
    write(path.join(liveClient, "assets", "app.js"), `console.log(1);`.padEnd(6000, " "));
    await run(liveClient);
    // The live build's copy of an unchanged page, marked: taken as it is, never made again.
    writeFileSync(path.join(liveClient, "same.html.br"), "the live build's copy");
    const liveChanged = readFileSync(path.join(liveClient, "changed.html.br"));

    const client = path.join(root, "new", "client");
    write(path.join(client, "same.html"), page("Registration and Welcome"));
    // The same size, other bytes: made anew.
    write(path.join(client, "changed.html"), page("Registration and Welcomf"));
    // Left there by a copy that linked it: replaced, not written through.
    linkSync(path.join(liveClient, "changed.html.br"), path.join(client, "changed.html.br"));
    mkdirSync(path.join(client, "assets"));
    linkSync(path.join(liveClient, "assets", "app.js"), path.join(client, "assets", "app.js"));
    write(path.join(client, "new.html"), page("A page the live build never had"));

    expect(sameAsLive(client, live, "same.html")).toEqual({ file: path.join(liveClient, "same.html"), linked: false });
    expect(sameAsLive(client, live, "changed.html")).toBeNull();
    expect(sameAsLive(client, live, "new.html")).toBeNull();
    expect(sameAsLive(client, live, "assets/app.js")?.linked).toBe(true);

    expect(await run(client, live)).toMatch(/^precompress: 4 files .*, 2 of them the live build's$/);
    expect(readFileSync(path.join(client, "same.html.br"), "utf8")).toBe("the live build's copy");
    expect(brotliDecompressSync(readFileSync(path.join(client, "changed.html.br"))).toString()).toBe(
      page("Registration and Welcomf"),
    );
    expect(readFileSync(path.join(liveClient, "changed.html.br")).equals(liveChanged)).toBe(true);
    expect(brotliDecompressSync(readFileSync(path.join(client, "new.html.br"))).toString()).toContain("never had");
    // A linked script's copies are the live build's own files, as new as it is.
    expect(statSync(path.join(client, "assets", "app.js.gz")).ino).toBe(
      statSync(path.join(liveClient, "assets", "app.js.gz")).ino,
    );
    expect(await missingCompressed(client)).toEqual([]);
  });
});
