/**
 * The share pictures drawn at build time (scripts/build/share-images.ts): their size and where each goes.
 * The pages' meta tags (meta.ts) and the build step both take the paths from here.
 */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;

export function shareImagePath(kind: "event"): string;
export function shareImagePath(kind: "speaker" | "session" | "post", id: number): string;
export function shareImagePath(kind: "event" | "speaker" | "session" | "post", id?: number): string {
  return kind === "event" ? "/images/og/event.jpg" : `/images/og/${kind}-${id}.jpg`;
}
