import fs from "node:fs";
import path from "node:path";
import type { ImageManifest } from "./load";

/**
 * For tests that run before the build: every file under public/images as an image of 800 x 600, without
 * generating variants (the real manifest, .generated/images.json, is written by npm run images).
 */
export function stubImageManifest(
  publicImages = path.resolve(import.meta.dirname, "../../public/images"),
): ImageManifest {
  const entries: ImageManifest = {};
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else {
        const rel = path.relative(publicImages, full).split(path.sep).join("/");
        entries[rel] = { src: `/images/${rel}`, width: 800, height: 600, srcset: `/images/${rel} 800w` };
      }
    }
  };
  walk(publicImages);
  return entries;
}
