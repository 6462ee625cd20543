/**
 * Build step (issue 33): a 1200×630 share picture (Open Graph) for the event, each speaker, each session and
 * each blog post, drawn from its own content in the site's fonts and colours. satori lays the card out
 * (text as paths, from local WOFF files), sharp rasterises the SVG (librsvg) and writes a JPEG. Each picture
 * is cached under .generated/og/ by a hash of everything it is drawn from, so an unchanged page is copied, not
 * redrawn. The paths come from app/lib/seo/share-image.ts (shareImagePath), which the pages' meta tags use too.
 */
import { createHash } from "node:crypto";
import { copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import satori, { type Font } from "satori";
import sharp from "sharp";
import type { Content } from "../../app/content/schemas";
import { SHARE_IMAGE, shareImagePath } from "../../app/lib/seo/share-image";
import { eventClock, zoneName } from "../../app/lib/schedule/time";
import { changeMark, eventDay } from "../../app/lib/schedule/changes";
import { writeWhole, type BuildStep } from "./files";

const repo = path.resolve(import.meta.dirname, "../..");
const CACHE_DIR = path.join(repo, ".generated/og");
/** Raised when the card's design changes: every picture is then redrawn. */
const DESIGN_VERSION = "1";

/** The card's inner width (1200 less the side padding) and the picture's side (its border included). */
const CONTENT_WIDTH = 1200 - 2 * 72;
const PICTURE = 360;

const COLORS = {
  night: "#16123a",
  paper: "#fbf8f3",
  gold: "#e8b13a",
  lilac: "#c9c4dd",
  rose: "#b4234d",
  ink: "#1b1a2e",
};

const FONT_FILES = [
  { name: "Fraunces", weight: 600, file: "node_modules/@fontsource/fraunces/files/fraunces-latin-600-normal.woff" },
  { name: "Inter", weight: 400, file: "node_modules/@fontsource/inter/files/inter-latin-400-normal.woff" },
  { name: "Inter", weight: 600, file: "node_modules/@fontsource/inter/files/inter-latin-600-normal.woff" },
] as const;

let fonts: Promise<Font[]> | undefined;
const loadFonts = () =>
  (fonts ??= Promise.all(
    FONT_FILES.map(async ({ name, weight, file }) => ({
      name,
      weight,
      style: "normal" as const,
      data: await readFile(path.join(repo, file)),
    })),
  ));

/** What one card shows. */
export interface ShareCard {
  /** Where the picture goes in build/client (shareImagePath). */
  path: string;
  /** The small line above the title: "Session", "Speaker", "From the blog". */
  eyebrow: string;
  title: string;
  /** One or two lines under the title: the time in the event's zone, a speaker's role. */
  lines: string[];
  /** "Cancelled", "New time": a badge beside the eyebrow. */
  badge?: string;
  /** A picture file (public/images/…) shown on the right: a round portrait or a square photo. */
  picture?: { file: string; round: boolean };
  /** The footer: the event's name, dates and place. */
  footer: string;
}

type Node = { type: string; props: { style?: Record<string, unknown>; children?: unknown; src?: string } };
const h = (type: string, style: Record<string, unknown>, ...children: unknown[]): Node => ({
  type,
  props: { style, children: children.length === 1 ? children[0] : children },
});

async function pictureData(file: string): Promise<string> {
  const jpeg = await sharp(file).resize(400, 400, { fit: "cover" }).jpeg({ quality: 80 }).toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
}

async function element(card: ShareCard): Promise<Node> {
  const titleSize = card.title.length > 60 ? 54 : card.title.length > 34 ? 64 : 76;
  const text = h(
    "div",
    // The text column's width is set: a long line would otherwise push the picture off the card.
    { display: "flex", flexDirection: "column", width: card.picture ? CONTENT_WIDTH - PICTURE - 48 : CONTENT_WIDTH },
    h(
      "div",
      { display: "flex", alignItems: "center", gap: 16 },
      h(
        "div",
        { color: COLORS.gold, fontSize: 26, fontWeight: 600, letterSpacing: 4, textTransform: "uppercase" },
        card.eyebrow,
      ),
      ...(card.badge
        ? [
            h(
              "div",
              {
                backgroundColor: card.badge === "Cancelled" ? COLORS.rose : COLORS.gold,
                color: card.badge === "Cancelled" ? "#ffffff" : COLORS.ink,
                borderRadius: 999,
                padding: "4px 18px",
                fontSize: 24,
                fontWeight: 600,
                textTransform: "uppercase",
              },
              card.badge,
            ),
          ]
        : []),
    ),
    h(
      "div",
      {
        fontFamily: "Fraunces",
        fontSize: titleSize,
        lineHeight: 1.1,
        color: COLORS.paper,
        marginTop: 24,
        textDecoration: card.badge === "Cancelled" ? "line-through" : "none",
      },
      card.title,
    ),
    ...card.lines.map((line) => h("div", { fontSize: 30, color: COLORS.lilac, marginTop: 20 }, line)),
  );
  const picture = card.picture
    ? h("img", {
        width: PICTURE,
        height: PICTURE,
        flexShrink: 0,
        borderRadius: card.picture.round ? 999 : 24,
        border: `8px solid ${COLORS.gold}`,
        objectFit: "cover",
      })
    : null;
  if (picture && card.picture) picture.props.src = await pictureData(card.picture.file);
  return h(
    "div",
    {
      width: SHARE_IMAGE.width,
      height: SHARE_IMAGE.height,
      // satori's default is content-box: the padding would make the card 1344 wide.
      boxSizing: "border-box",
      display: "flex",
      flexDirection: "column",
      justifyContent: "space-between",
      paddingTop: 64,
      paddingBottom: 56,
      paddingLeft: 72,
      paddingRight: 72,
      fontFamily: "Inter",
      backgroundColor: COLORS.night,
      backgroundImage: "radial-gradient(circle at 20% 0%, #3a2f7a 0%, #16123a 70%)",
    },
    h(
      "div",
      { display: "flex", alignItems: "center", justifyContent: "space-between", height: 410 },
      text,
      ...(picture ? [picture] : []),
    ),
    h(
      "div",
      { display: "flex", alignItems: "center", gap: 20, height: 56, fontSize: 26, color: COLORS.lilac },
      h(
        "div",
        {
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          width: 56,
          height: 56,
          borderRadius: 999,
          backgroundColor: COLORS.gold,
          color: COLORS.ink,
          fontFamily: "Fraunces",
          fontSize: 34,
        },
        "T",
      ),
      h("div", { display: "flex" }, card.footer),
    ),
  );
}

/** The card as a JPEG, and the texts laid out in it (what a reader of the picture sees). */
export async function drawShareCard(card: ShareCard): Promise<{ jpeg: Buffer; texts: string[] }> {
  const texts: string[] = [];
  const svg = await satori((await element(card)) as never, {
    width: SHARE_IMAGE.width,
    height: SHARE_IMAGE.height,
    fonts: await loadFonts(),
    onNodeDetected: (node) => {
      if (node.textContent) texts.push(node.textContent);
    },
  });
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return { jpeg, texts };
}

/**
 * Draws a card in memory and drops it: a publish's build started ahead does it while it waits, so the card the
 * publish changed is drawn with the fonts already read and the layout code warm (issue 65).
 */
export const warmShareCards = (): Promise<unknown> =>
  drawShareCard({ path: "", eyebrow: "Session", title: "Wrapped in Grace", lines: ["24 October"], footer: "TNCC" });

/** The cards of every shared page. */
export function shareCards(content: Pick<Content, "site" | "speakers" | "scheduleDays" | "posts">): ShareCard[] {
  const { site } = content;
  const publicFile = (src: string) => path.join(repo, "public", src);
  const footer = `${site.title} · ${site.dates.text.replace(/\s+-\s+/, "–")} · ${site.venue.address.city}`;
  const zone = zoneName(site.timeZone, site.dates.startsAt);
  return [
    {
      path: shareImagePath("event"),
      eyebrow: site.shortName,
      title: site.title,
      lines: [`${site.dates.text.replace(/\s+-\s+/, "–")} · ${site.venue.name}, ${site.venue.address.city}`],
      footer: site.tagline,
    },
    ...content.speakers.map((s) => ({
      path: shareImagePath("speaker", s.id),
      eyebrow: "Speaker",
      title: s.name,
      lines: [s.designation],
      picture: { file: publicFile(s.photo.src), round: true },
      footer,
    })),
    ...content.scheduleDays.flatMap((day) =>
      day.sessions.map((s) => {
        const mark = changeMark(s.changes);
        const time = s.endsAt ? `${eventClock(s.startsAt)} to ${eventClock(s.endsAt)}` : eventClock(s.startsAt);
        return {
          path: shareImagePath("session", s.number),
          eyebrow: day.label,
          title: s.title,
          lines: [
            `${eventDay(s.startsAt)} ${day.year} · ${time} ${zone}`,
            ...(s.speaker ? [`With ${s.speaker.name}`] : []),
          ],
          badge: mark?.kind === "cancelled" ? "Cancelled" : mark?.kind === "moved" ? "New time" : undefined,
          picture: s.speaker ? { file: publicFile(s.speaker.photo.src), round: true } : undefined,
          footer,
        };
      }),
    ),
    ...content.posts.map((p) => ({
      path: shareImagePath("post", p.id),
      eyebrow: "From the blog",
      title: p.title,
      lines: [`${p.dateText} · ${p.author}`],
      picture: { file: publicFile(p.image.src), round: false },
      footer,
    })),
  ];
}

/** What a card is drawn from: its texts, its picture's bytes, the fonts and the design. */
async function cardHash(card: ShareCard): Promise<string> {
  const hash = createHash("sha256")
    .update(DESIGN_VERSION)
    .update(JSON.stringify({ ...card, path: undefined }));
  if (card.picture) hash.update(await readFile(card.picture.file));
  for (const font of await loadFonts()) hash.update(new Uint8Array(font.data));
  return hash.digest("hex").slice(0, 24);
}

/** Writes every card into clientDir, drawing only those not in the cache; returns how many were drawn. */
export async function writeShareImages(clientDir: string, cards: ShareCard[], cacheDir = CACHE_DIR) {
  await mkdir(cacheDir, { recursive: true });
  let drawn = 0;
  let bytes = 0;
  for (const card of cards) {
    const cached = path.join(cacheDir, `${await cardHash(card)}.jpg`);
    const buffer = await readFile(cached).catch(async () => {
      const { jpeg } = await drawShareCard(card);
      // Written whole: a build stopped half-way leaves no broken picture in the cache.
      await writeWhole(cached, jpeg);
      drawn++;
      return jpeg;
    });
    bytes = Math.max(bytes, buffer.length);
    const target = path.join(clientDir, card.path);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(cached, target);
  }
  return { drawn, total: cards.length, largest: bytes };
}

export const shareImagesStep: BuildStep = {
  name: "share images",
  async run({ clientDir, content }) {
    if (!content) return "share images: skipped (no content loaded)";
    const { drawn, total, largest } = await writeShareImages(clientDir, shareCards(content));
    return `share images: ${total} pictures in images/og (${drawn} drawn, ${total - drawn} from the cache; largest ${(largest / 1024).toFixed(1)} KiB)`;
  },
};
