import { pngBomb } from "../tests/fixtures/png-bomb";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { imageManifestSchema } from "../app/content/schemas";
import { IMAGE_MANIFEST } from "../app/lib/build-outputs";
import { variantSrcset } from "../app/lib/image-variants";
import {
  derivativeName,
  ENCODERS,
  formatsFor,
  isStale,
  makeImages,
  manifestEntry,
  openSource,
  readSource,
  selectWidths,
  settingsStamp,
  SOURCES_RECORD,
  srcsetFor,
  WIDTHS,
} from "./make-images";

describe("selectWidths", () => {
  test("keeps every candidate not larger than the source", () => {
    expect(selectWidths(2400)).toEqual([320, 640, 800, 960, 1280, 1920, 2400]);
    expect(selectWidths(4000)).toEqual([...WIDTHS]);
    expect(selectWidths(1600)).toEqual([320, 640, 800, 960, 1280]);
    expect(selectWidths(1067)).toEqual([320, 640, 800, 960]);
    expect(selectWidths(960)).toEqual([320, 640, 800, 960]);
    expect(selectWidths(320)).toEqual([320]);
  });

  test("falls back to the source width when it is smaller than every candidate", () => {
    expect(selectWidths(319)).toEqual([319]);
    expect(selectWidths(1)).toEqual([1]);
  });

  test("accepts other candidates", () => {
    expect(selectWidths(500, [100, 400, 800])).toEqual([100, 400]);
    expect(selectWidths(50, [100])).toEqual([50]);
  });

  test("rejects widths that are not positive integers", () => {
    for (const width of [0, -320, 12.5, Number.NaN]) {
      expect(() => selectWidths(width)).toThrow(RangeError);
    }
  });
});

describe("derivativeName", () => {
  test("replaces only the last extension and keeps folders", () => {
    expect(derivativeName("speakers/1.jpg", 640)).toBe("speakers/1-640.webp");
    expect(derivativeName("clients/01.png", 320)).toBe("clients/01-320.webp");
    expect(derivativeName("a.b/photo.final.JPEG", 960)).toBe("a.b/photo.final-960.webp");
  });

  test("names each format by its extension", () => {
    expect(derivativeName("gallery/01.jpg", 640, "avif")).toBe("gallery/01-640.avif");
    expect(derivativeName("gallery/01.jpg", 640, "jpg")).toBe("gallery/01-640.jpg");
    expect(derivativeName("clients/01.png", 320, "png")).toBe("clients/01-320.png");
  });
});

describe("formatsFor", () => {
  test("AVIF, WebP, then JPEG; PNG instead of JPEG when the source has transparency", () => {
    expect(formatsFor(false)).toEqual(["avif", "webp", "jpg"]);
    expect(formatsFor(true)).toEqual(["avif", "webp", "png"]);
  });

  test("AVIF is encoded with a low effort (CI builds every image from scratch on 2 cores)", () => {
    expect(ENCODERS.avif.effort).toBeLessThanOrEqual(4);
  });
});

describe("srcsetFor", () => {
  test("lists each width as a /_img URL with its w descriptor", () => {
    expect(srcsetFor("speakers/1.jpg", [320, 640])).toBe(
      "/_img/speakers/1-320.webp 320w, /_img/speakers/1-640.webp 640w",
    );
  });

  test("encodes spaces and commas so they cannot split a srcset", () => {
    expect(srcsetFor("gallery/night, hall 2.jpg", [320])).toBe("/_img/gallery/night%2C%20hall%202-320.webp 320w");
  });
});

describe("manifestEntry", () => {
  test("has the source, its intrinsic size, the WebP srcset and the fallback format", () => {
    expect(manifestEntry("speakers/1.jpg", 800, 800)).toStrictEqual({
      src: "/images/speakers/1.jpg",
      width: 800,
      height: 800,
      srcset: "/_img/speakers/1-320.webp 320w, /_img/speakers/1-640.webp 640w, /_img/speakers/1-800.webp 800w",
      fallback: "jpg",
    });
  });

  test("falls back to PNG for a source with transparency", () => {
    expect(manifestEntry("clients/01.png", 400, 160, true).fallback).toBe("png");
  });

  test("the app derives the AVIF and fallback srcsets from the WebP one with the files' real names", () => {
    for (const relativePath of ["gallery/03.jpg", "gallery/night, hall 2.jpg", "a.webp dir/x.png"]) {
      const entry = manifestEntry(relativePath, 1600, 1067);
      const widths = selectWidths(1600);
      for (const format of ["avif", "jpg", "png"] as const) {
        expect(variantSrcset(entry.srcset, format)).toBe(srcsetFor(relativePath, widths, format));
      }
      expect(variantSrcset(entry.srcset, "webp")).toBe(entry.srcset);
    }
  });

  test("uses the source width alone for small images", () => {
    expect(manifestEntry("clients/01.png", 300, 120).srcset).toBe("/_img/clients/01-300.webp 300w");
  });

  test("srcset widths ascend and never exceed the source", () => {
    const { srcset } = manifestEntry("gallery/03.jpg", 1067, 1600);
    const widths = srcset.split(", ").map((candidate) => Number(candidate.split(" ")[1]?.replace("w", "")));
    expect(widths).toEqual([320, 640, 800, 960]);
  });

  test("is what the app's manifest schema accepts", () => {
    const manifest = { "banner/banner-1.jpg": manifestEntry("banner/banner-1.jpg", 2400, 1350) };
    expect(imageManifestSchema.safeParse(manifest).success).toBe(true);
  });
});

describe("isStale", () => {
  test("a missing derivative is written", () => {
    expect(isStale(1000, undefined, false)).toBe(true);
  });

  test("a derivative newer than its source is kept", () => {
    expect(isStale(1000, 2000, false)).toBe(false);
  });

  test("a derivative not newer than its source is rewritten", () => {
    expect(isStale(2000, 1000, false)).toBe(true);
    expect(isStale(2000, 2000, false)).toBe(true);
  });

  test("every derivative is rewritten when the encoder settings changed", () => {
    expect(isStale(1000, 2000, true)).toBe(true);
  });
});

describe("settingsStamp", () => {
  test("names the widths and every encoder's options", () => {
    const stamp = JSON.parse(settingsStamp()) as { widths: number[]; encoders: Record<string, unknown> };
    expect(stamp.widths).toEqual([...WIDTHS]);
    expect(Object.keys(stamp.encoders).sort()).toEqual(["avif", "jpg", "png", "webp"]);
  });
});

describe("sources", () => {
  test("one whose header declares more than 40 megapixels is refused by name, and never decoded", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tncc-make-images-"));
    try {
      const big = path.join(dir, "poster.png");
      writeFileSync(big, pngBomb(16000));
      await expect(readSource(big, "public/images/gallery/poster.png")).rejects.toThrow(
        "public/images/gallery/poster.png is too large (16000 × 16000 pixels): replace it with a picture under 40 megapixels.",
      );
      await expect(openSource(big).resize({ width: 320 }).toBuffer()).rejects.toThrow(
        "Input image exceeds pixel limit",
      );

      const fine = path.join(dir, "photo.png");
      writeFileSync(fine, pngBomb(6000));
      expect(await readSource(fine, "public/images/gallery/photo.png")).toMatchObject({ width: 6000, height: 6000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the sources' record (issue 65: a picture unchanged in size and time is not opened)", () => {
  const picture = (file: string, width: number) =>
    sharp({ create: { width, height: 200, channels: 3, background: "#336699" } })
      .jpeg()
      .toFile(file);

  test("a source is read again when its size or time changed, and a deleted one leaves the record", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "tncc-images-record-"));
    try {
      const images = path.join(root, "public", "images");
      mkdirSync(images, { recursive: true });
      const a = path.join(images, "a.jpg");
      await picture(a, 400);
      await picture(path.join(images, "b.jpg"), 330);
      const options = { placeholders: false };
      expect(await makeImages(root, options)).toMatchObject({ sources: 2, written: 6 });
      const recordFile = path.join(root, SOURCES_RECORD);
      const manifest = () =>
        JSON.parse(readFileSync(path.join(root, IMAGE_MANIFEST), "utf8")) as Record<string, { width: number }>;
      expect(manifest()["a.jpg"]!.width).toBe(400);

      // The record is believed while size and time match: a width only the record says proves the file unopened.
      const record = JSON.parse(readFileSync(recordFile, "utf8")) as Record<string, { width: number }>;
      writeFileSync(recordFile, JSON.stringify({ ...record, "a.jpg": { ...record["a.jpg"], width: 401 } }));
      expect(await makeImages(root, options)).toMatchObject({ sources: 2, written: 0 });
      expect(manifest()["a.jpg"]!.width).toBe(401);

      // Another modification time, same bytes: read again.
      utimesSync(a, new Date(), new Date(Date.now() + 5000));
      await makeImages(root, options);
      expect(manifest()["a.jpg"]!.width).toBe(400);

      // Another picture under the same name (another size): read again, and its derivatives made again.
      await picture(a, 700);
      utimesSync(a, new Date(), new Date(Date.now() + 10_000));
      expect((await makeImages(root, options)).written).toBeGreaterThan(0);
      expect(manifest()["a.jpg"]!.width).toBe(700);
      expect(JSON.parse(readFileSync(recordFile, "utf8"))["a.jpg"].width).toBe(700);

      // A deleted picture: gone from the record, the manifest and public/_img.
      rmSync(path.join(images, "b.jpg"));
      expect(await makeImages(root, options)).toMatchObject({ sources: 1, removed: 3 });
      expect(Object.keys(JSON.parse(readFileSync(recordFile, "utf8")))).toEqual(["a.jpg"]);
      expect(Object.keys(manifest())).toEqual(["a.jpg"]);
      expect(existsSync(path.join(root, "public", "_img", "b-320.webp"))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
