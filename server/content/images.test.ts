/**
 * server/content/images.ts on a temporary git working copy (issue 39): a picture whose header declares more
 * than 40 megapixels is refused before it is decoded; alt text is at most 250 characters; a commit that fails
 * leaves nothing written or staged; the image step run after an upload never sees the server's secrets.
 */
import { pngBomb } from "../../tests/fixtures/png-bomb";
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../config";
import { runImageStep, saveImage, type ImageFolder } from "./images";

let dir: string;
let images: ImageFolder;
const afterUpload = vi.fn(async () => {});
const editor = { email: "editor@tncc.example.org" };
const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { encoding: "utf8" }).trim();
const blog = () => readdirSync(path.join(dir, "public", "images", "blog"));

/**
 * A WebP of 46 bytes declaring `side` × `side` pixels (VP8X canvas and lossless VP8L header) that decodes:
 * five one-symbol prefix codes, so every pixel takes no bits at all.
 */
function webpBomb(side: number) {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.write(type, "latin1");
    head.writeUInt32LE(data.length, 4);
    return Buffer.concat([head, data, Buffer.alloc(data.length % 2)]);
  };
  const canvas = Buffer.alloc(10);
  canvas.writeUIntLE(side - 1, 4, 3);
  canvas.writeUIntLE(side - 1, 7, 3);
  // Read from the lowest bit: 14 bits width - 1, 14 bits height - 1, no alpha, version 0, no transform, no
  // colour cache, no meta codes, then five codes "simple, one symbol, 1-bit symbol 0" (1, 0, 0, 0).
  let bits = BigInt(side - 1) | (BigInt(side - 1) << 14n);
  for (let code = 0; code < 5; code++) bits |= 1n << BigInt(35 + 4 * code);
  const stream = Buffer.alloc(8);
  stream.writeBigUInt64LE(bits);
  const body = Buffer.concat([
    Buffer.from("WEBP", "latin1"),
    chunk("VP8X", canvas),
    chunk("VP8L", Buffer.concat([Buffer.from([0x2f]), stream.subarray(0, 7)])),
  ]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(body.length);
  return Buffer.concat([Buffer.from("RIFF", "latin1"), size, body]);
}

const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
    .jpeg()
    .toBuffer();

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "tncc-images-"));
  mkdirSync(path.join(dir, "public", "images", "blog"), { recursive: true });
  writeFileSync(path.join(dir, "public", "images", "blog", ".keep"), "");
  git("init", "--quiet");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content as deployed");
  images = { dir: path.join(dir, "public", "images"), afterUpload };
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("saveImage", { timeout: 30_000 }, () => {
  it.each([
    ["PNG", "poster.png", () => pngBomb(16000), 16000],
    ["WebP", "poster.webp", () => webpBomb(16383), 16383],
  ])(
    "refuses a %s whose header declares too many pixels, before decoding or writing it",
    async (_, name, make, side) => {
      const bytes = make();
      expect(bytes.byteLength).toBeLessThan(200);
      const before = git("rev-parse", "HEAD");
      const result = await saveImage(
        images,
        { folder: "blog", fileName: name, bytes, alt: "The conference poster" },
        editor,
      );
      expect(result).toEqual({
        ok: false,
        status: 413,
        error: `That picture is too large (${side} × ${side} pixels): please use one under 40 megapixels.`,
      });
      expect(blog()).toEqual([".keep"]);
      expect(git("status", "--porcelain")).toBe("");
      expect(git("rev-parse", "HEAD")).toBe(before);
      expect(afterUpload).not.toHaveBeenCalled();
    },
  );

  it("refuses alt text longer than 250 characters before writing anything; takes 250", async () => {
    const upload = async (alt: string) =>
      saveImage(images, { folder: "blog", fileName: "choir.jpg", bytes: await photo(), alt }, editor);
    expect(await upload("a".repeat(251))).toEqual({
      ok: false,
      status: 400,
      error: "Please keep the alt text to 250 characters at most: say briefly what the picture shows.",
    });
    expect(blog()).toEqual([".keep"]);
    expect(git("status", "--porcelain")).toBe("");

    expect(await upload("a".repeat(250))).toMatchObject({ ok: true, path: "blog/choir.jpg" });
    expect(git("status", "--porcelain")).toBe("");
  });

  it("leaves nothing written or staged when the commit fails", async () => {
    const hook = path.join(dir, ".git", "hooks", "pre-commit");
    mkdirSync(path.dirname(hook), { recursive: true });
    writeFileSync(hook, "#!/bin/sh\nexit 1\n");
    chmodSync(hook, 0o755);
    try {
      const before = git("rev-parse", "HEAD");
      const upload = saveImage(
        images,
        { folder: "blog", fileName: "refused.jpg", bytes: await photo(), alt: "Guests at the door" },
        editor,
      );
      await expect(upload).rejects.toThrow(/commit/);
      expect(blog()).not.toContain("refused.jpg");
      expect(git("status", "--porcelain")).toBe("");
      expect(git("rev-parse", "HEAD")).toBe(before);
    } finally {
      rmSync(hook);
    }
  });
});

describe("runImageStep", { timeout: 30_000 }, () => {
  it("gives the image step the build's environment, never the server's secrets", async () => {
    const secrets = {
      DATABASE_URL: "postgres://tncc:secret@db.example.org:5432/tncc",
      SMTP_URL: "smtps://tncc:secret@smtp.example.org:465",
      STRIPE_SECRET_KEY: "sk_test_secret",
      STRIPE_WEBHOOK_SECRET: "whsec_secret",
    };
    for (const [name, value] of Object.entries(secrets)) vi.stubEnv(name, value);
    try {
      // A stand-in for the repository: its image step writes down the environment it was given.
      const repo = path.join(dir, "stand-in");
      mkdirSync(path.join(repo, "scripts"), { recursive: true });
      symlinkSync(path.resolve("node_modules"), path.join(repo, "node_modules"));
      writeFileSync(
        path.join(repo, "scripts", "make-images.ts"),
        'import { writeFileSync } from "node:fs";\nwriteFileSync("env.json", JSON.stringify(process.env));\n',
      );
      const config = loadConfig({ ...process.env, ...secrets, SITE_URL: "https://tncc.example.org" });
      await runImageStep(repo, config.buildEnv);
      const seen = JSON.parse(readFileSync(path.join(repo, "env.json"), "utf8")) as Record<string, string>;
      expect(Object.keys(seen).filter((name) => /^(DATABASE_URL|SMTP_URL|STRIPE_)/.test(name))).toEqual([]);
      expect(seen).toMatchObject({ PATH: process.env.PATH, SITE_URL: "https://tncc.example.org" });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
