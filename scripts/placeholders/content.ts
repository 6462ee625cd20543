// What the placeholders draw, read from the site's content (content/) through its loader and zod schemas:
// the client names and logo files, the speakers' names and photo files, and the gallery, blog and session images.
import { fileURLToPath } from "node:url";
import { loadContent } from "../../app/content/load";
import type { ImageManifest } from "../../app/content/schemas";

export const CONTENT_DIR = fileURLToPath(new URL("../../content", import.meta.url));

/** A picture the content names: its path relative to public/ ("images/clients/01.png") and its label. */
export interface NamedImage {
  file: string;
  name: string;
}

export interface PlaceholderContent {
  clients: NamedImage[];
  speakers: NamedImage[];
  gallery: string[];
  blog: string[];
  sessions: string[];
}

/**
 * An image manifest that knows every path. The placeholders run before the real manifest exists (they make
 * the files it is built from), so every image reference is accepted here, and `src` keeps the path.
 */
function anyImageManifest(): ImageManifest {
  return new Proxy<ImageManifest>(
    {},
    {
      get: (_target, key) =>
        typeof key === "string"
          ? { src: `/images/${key}`, width: 1, height: 1, srcset: `/images/${key} 1w` }
          : undefined,
    },
  );
}

/** "/images/clients/01.png" -> "images/clients/01.png" */
const file = (image: { src: string }): string => image.src.replace(/^\//, "");
const unique = (files: readonly string[]): string[] => [...new Set(files)].sort();

export function readPlaceholderContent(dir = CONTENT_DIR): PlaceholderContent {
  const content = loadContent(dir, anyImageManifest());
  return {
    clients: content.clients.map((client) => ({ file: file(client.image), name: client.name })),
    speakers: content.speakers.map((speaker) => ({ file: file(speaker.photo), name: speaker.name })),
    gallery: content.gallery.map((item) => file(item.image)),
    blog: unique(content.posts.map((post) => file(post.image))),
    sessions: unique(content.scheduleDays.flatMap((day) => day.sessions.map((session) => file(session.image)))),
  };
}
