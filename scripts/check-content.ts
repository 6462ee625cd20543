// `npm run check:content`: validate content/ and print a summary, or every problem and exit 1.
import { IMAGE_MANIFEST } from "../app/lib/build-outputs";
import fs from "node:fs";
import path from "node:path";
import { COLLECTIONS } from "../app/content/collections";
import { ContentError, loadContent, readImageManifest } from "../app/content/load";

const manifestFile = path.join(process.cwd(), IMAGE_MANIFEST);

async function main(): Promise<number> {
  if (!fs.existsSync(manifestFile)) {
    console.log(`No ${IMAGE_MANIFEST} yet: generating images first.`);
    const { makeImages } = await import("./make-images");
    await makeImages();
  }
  try {
    const c = loadContent(path.join(process.cwd(), "content"), readImageManifest(manifestFile));
    // Each collection of app/content/collections.ts, with its number of entries where it is a list.
    const summary = Object.entries(COLLECTIONS).map(([name, { label }]) => {
      const value: unknown = c[name as keyof typeof c];
      return Array.isArray(value) ? `${label} ${value.length}` : label;
    });
    console.log(`Content OK: ${summary.join(", ")}`);
    return 0;
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(error.message);
    return 1;
  }
}

process.exitCode = await main();
