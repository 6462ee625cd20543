// The list of placeholder files: what each one is, its size, and how it is drawn. Names and counts come
// from the content (./content.ts); the banner, about pictures, share image and icons are fixed files.
import { readPlaceholderContent, type PlaceholderContent } from "./content";
import { FAVICON, iconArt } from "./icons";
import { logoArt } from "./logos";
import { portraitArt } from "./portraits";
import { abstractArt, arenaArt, bannerArt, ogArt, VARIANTS } from "./scenes";
import { hashSeed } from "./svg";

/** "logo": trimmed to its ink and centred on a transparent canvas (see ./render.ts). */
export type Kind = "jpg" | "png" | "logo" | "svg";

export interface Placeholder {
  /** Path relative to public/, with forward slashes. */
  file: string;
  width: number;
  height: number;
  kind: Kind;
  /** The name drawn on it (client logos and speaker portraits). */
  label?: string;
  svg: () => string;
}

/** The number in a file name ("images/gallery/07.jpg" -> 7), or `fallback`; it picks the artwork's variant. */
function numberIn(file: string, fallback: number): number {
  const match = /(\d+)\.\w+$/.exec(file);
  return match ? Number(match[1]) : fallback;
}

function abstractItem(file: string, width: number, height: number, index: number): Placeholder {
  const seed = hashSeed(file);
  const variant = VARIANTS[(index + (seed % 2)) % VARIANTS.length] ?? "bokeh";
  return { file, width, height, kind: "jpg", svg: () => abstractArt(width, height, seed, variant).toString() };
}

/** Gallery shape: every eighth square, every third portrait, the rest landscape. */
export function galleryShape(n: number): { width: number; height: number } {
  if (n % 8 === 0) return { width: 1400, height: 1400 };
  if (n % 3 === 0) return { width: 1067, height: 1600 };
  return { width: 1600, height: 1067 };
}

export function placeholderList(content: PlaceholderContent = readPlaceholderContent()): Placeholder[] {
  const list: Placeholder[] = [
    {
      file: "images/banner/banner-1.jpg",
      width: 2400,
      height: 1350,
      kind: "jpg",
      svg: () => bannerArt(2400, 1350, hashSeed("banner-1")).toString(),
    },
  ];
  content.speakers.forEach(({ file, name }, i) => {
    list.push({
      file,
      width: 800,
      height: 800,
      kind: "jpg",
      label: name,
      svg: () => portraitArt(name, i, 800).toString(),
    });
  });
  content.gallery.forEach((file, i) => {
    const n = numberIn(file, i + 1);
    const { width, height } = galleryShape(n);
    list.push(abstractItem(file, width, height, n));
  });
  content.blog.forEach((file, i) => list.push(abstractItem(file, 1200, 800, numberIn(file, i + 1) + 2)));
  content.sessions.forEach((file, i) => list.push(abstractItem(file, 1200, 800, numberIn(file, i + 1) + 4)));
  list.push({
    file: "images/about/about-1.jpg",
    width: 1200,
    height: 900,
    kind: "jpg",
    svg: () => abstractArt(1200, 900, hashSeed("about-1"), "crowd").toString(),
  });
  list.push({
    file: "images/about/nets-of-prayer.jpg",
    width: 1200,
    height: 900,
    kind: "jpg",
    svg: () => arenaArt(1200, 900, hashSeed("nets-of-prayer")).toString(),
  });
  content.clients.forEach(({ file, name }, i) => {
    list.push({ file, width: 400, height: 160, kind: "logo", label: name, svg: () => logoArt(name, i).toString() });
  });
  list.push({ file: "images/og/og-default.jpg", width: 1200, height: 630, kind: "jpg", svg: () => ogArt().toString() });
  list.push({ file: "favicon.svg", width: 64, height: 64, kind: "svg", svg: () => FAVICON });
  for (const [file, size] of [
    ["apple-touch-icon.png", 180],
    ["icon-192.png", 192],
    ["icon-512.png", 512],
  ] as const) {
    list.push({ file, width: size, height: size, kind: "png", svg: () => iconArt(size).toString() });
  }
  return list;
}
