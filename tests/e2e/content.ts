import path from "node:path";
import { loadContent, readImageManifest } from "../../app/content/load";
import { IMAGE_MANIFEST } from "../../app/lib/build-outputs";

const repo = path.resolve(import.meta.dirname, "../..");

/**
 * The organisers' content as the build read it (content/, validated by the site's own loader), so
 * browser tests take their counts, names and prices from content and follow an organiser's edit.
 */
export const content = loadContent(path.join(repo, "content"), readImageManifest(path.join(repo, IMAGE_MANIFEST)));
