/**
 * Placeholder artwork for the site, drawn as SVG in code and rendered with sharp (no downloads).
 *
 *   node --import tsx scripts/placeholders.ts          # writes only files that do not exist yet
 *   node --import tsx scripts/placeholders.ts --force  # regenerates everything
 *
 * Existing files are never touched without --force, so the organisers' real photos (same file
 * name, any size) simply replace the placeholders.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { isMain } from "./is-main";

export const PUBLIC_DIR = fileURLToPath(new URL("../public", import.meta.url));

const C = {
  night: "#16123A",
  deep: "#0D0A24",
  violet: "#4A3290",
  plum: "#3A2466",
  wine: "#4A1D48",
  gold: "#E8B13A",
  amber: "#F2C96B",
  rose: "#B4234D",
  lilac: "#C9C4DD",
  mist: "#EEE8DF",
  paper: "#FBF8F3",
  grey: "#6B6880",
} as const;

const SANS = "DejaVu Sans, sans-serif";
const SERIF = "DejaVu Serif, serif";

type Kind = "jpg" | "png" | "logo" | "svg";

export interface Placeholder {
  /** Path relative to public/, with forward slashes. */
  file: string;
  width: number;
  height: number;
  kind: Kind;
  svg: () => string;
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

interface Rand {
  next: () => number;
  range: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
}

function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast, good enough for artwork. */
function createRand(seed: number): Rand {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + next() * (max - min),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

// ---------------------------------------------------------------------------------------------
// A tiny SVG builder

const r1 = (n: number): number => Math.round(n * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

class Svg {
  private defs: string[] = [];
  private body: string[] = [];
  private count = 0;

  constructor(
    readonly w: number,
    readonly h: number,
  ) {}

  id(prefix: string): string {
    return `${prefix}${this.count++}`;
  }

  def(markup: string): void {
    this.defs.push(markup);
  }

  add(markup: string): void {
    this.body.push(markup);
  }

  /** Gaussian blur filter with a generous region; returns a `filter` attribute. */
  blur(std: number): string {
    const id = this.id("b");
    this.def(
      `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${r1(std)}"/></filter>`,
    );
    return `filter="url(#${id})"`;
  }

  /** Linear gradient across the bounding box at `angle` degrees (0 = left to right). */
  linear(stops: [string, number, number][], angle = 90): string {
    const id = this.id("l");
    const rad = (angle * Math.PI) / 180;
    const dx = Math.cos(rad) / 2;
    const dy = Math.sin(rad) / 2;
    this.def(
      `<linearGradient id="${id}" x1="${r1(0.5 - dx)}" y1="${r1(0.5 - dy)}" x2="${r1(0.5 + dx)}" y2="${r1(0.5 + dy)}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Linear gradient in user space between two points. */
  linearUser(stops: [string, number, number][], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.id("u");
    this.def(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${r1(x1)}" y1="${r1(y1)}" x2="${r1(x2)}" y2="${r1(y2)}">${stopsMarkup(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: [string, number, number][]): string {
    const id = this.id("r");
    this.def(`<radialGradient id="${id}">${stopsMarkup(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  rect(fill: string, extra = ""): void {
    this.add(`<rect width="${this.w}" height="${this.h}" fill="${fill}" ${extra}/>`);
  }

  /** A soft round light: colour fading to transparent. */
  glow(cx: number, cy: number, rx: number, ry: number, color: string, opacity: number): void {
    const fill = this.radial([
      [color, 0, opacity],
      [color, 0.45, opacity * 0.45],
      [color, 1, 0],
    ]);
    this.add(`<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}"/>`);
  }

  toString(): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${this.body.join("")}</svg>`;
  }
}

function stopsMarkup(stops: [string, number, number][]): string {
  return stops
    .map(
      ([color, offset, opacity]) =>
        `<stop offset="${offset}" stop-color="${color}" stop-opacity="${r1(opacity * 100) / 100}"/>`,
    )
    .join("");
}

// ---------------------------------------------------------------------------------------------
// Motifs

function vignette(s: Svg, strength = 0.55): void {
  const id = s.id("v");
  s.def(
    `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="${C.deep}" stop-opacity="0"/><stop offset="1" stop-color="${C.deep}" stop-opacity="${strength}"/></radialGradient>`,
  );
  s.rect(`url(#${id})`);
}

/** Light streaming from (ox, oy) towards the floor, spread around `towardX`. */
function lightRays(s: Svg, rand: Rand, ox: number, oy: number, towardX: number, count: number): void {
  const { w, h } = s;
  const rays: string[] = [];
  for (let i = 0; i < count; i++) {
    const t = count === 1 ? 0.5 : i / (count - 1);
    const sx = ox + rand.range(-0.03, 0.03) * w;
    const sy = oy + rand.range(-0.05, 0.08) * h;
    const ex = towardX + (t - 0.5) * w * rand.range(0.7, 1.1);
    const ey = h * 1.05;
    const near = rand.range(0.004, 0.012) * w;
    const far = rand.range(0.04, 0.11) * w;
    const fill = s.linearUser(
      [
        [C.amber, 0, rand.range(0.35, 0.6)],
        [C.gold, 0.45, rand.range(0.12, 0.25)],
        [C.gold, 1, 0],
      ],
      sx,
      sy,
      ex,
      ey,
    );
    const points = [
      [sx - near, sy],
      [sx + near, sy],
      [ex + far, ey],
      [ex - far, ey],
    ]
      .map(([x, y]) => `${r1(x ?? 0)},${r1(y ?? 0)}`)
      .join(" ");
    rays.push(`<polygon points="${points}" fill="${fill}"/>`);
  }
  s.add(`<g ${s.blur(w * 0.008)}>${rays.join("")}</g>`);
}

/** An arched window, glowing, with dark mullions. */
function archedWindow(s: Svg, cx: number, top: number, width: number, height: number): void {
  const x0 = cx - width / 2;
  const x1 = cx + width / 2;
  const bottom = top + height;
  const arch = `M${r1(x0)},${r1(bottom)} V${r1(top + width / 2)} A${r1(width / 2)},${r1(width / 2)} 0 0 1 ${r1(x1)},${r1(top + width / 2)} V${r1(bottom)} Z`;
  s.glow(cx, top + height * 0.45, width * 2.6, height * 1.2, C.gold, 0.35);
  const pane = s.linear(
    [
      [C.paper, 0, 0.95],
      [C.amber, 0.5, 0.9],
      [C.gold, 1, 0.75],
    ],
    90,
  );
  s.add(`<path d="${arch}" fill="${pane}" ${s.blur(width * 0.03)}/>`);
  const bar = Math.max(2, width * 0.045);
  s.add(
    `<g fill="${C.night}" opacity="0.55" ${s.blur(width * 0.012)}><rect x="${r1(cx - bar / 2)}" y="${r1(top)}" width="${r1(bar)}" height="${r1(height)}"/><rect x="${r1(x0)}" y="${r1(top + height * 0.55)}" width="${r1(width)}" height="${r1(bar)}"/></g>`,
  );
}

function bokeh(s: Svg, rand: Rand, count: number, colors: readonly string[], y0 = 0, y1 = 1): void {
  const { w, h } = s;
  const base = Math.min(w, h);
  const sharp: string[] = [];
  const soft: string[] = [];
  const fills = colors.map((color) =>
    s.radial([
      [color, 0, 0.85],
      [color, 0.75, 0.6],
      [color, 0.92, 0.9],
      [color, 1, 0],
    ]),
  );
  for (let i = 0; i < count; i++) {
    const r = base * rand.range(0.012, 0.07) * (rand.next() < 0.1 ? 1.8 : 1);
    const circle = `<circle cx="${r1(rand.range(-0.05, 1.05) * w)}" cy="${r1(rand.range(y0, y1) * h)}" r="${r1(r)}" fill="${rand.pick(fills)}" opacity="${r1(rand.range(0.12, 0.6) * 100) / 100}"/>`;
    (rand.next() < 0.45 ? soft : sharp).push(circle);
  }
  s.add(`<g ${s.blur(base * 0.012)}>${soft.join("")}</g>`);
  s.add(`<g ${s.blur(base * 0.0025)}>${sharp.join("")}</g>`);
}

function stainedGlass(s: Svg, rand: Rand): void {
  const { w, h } = s;
  const ww = Math.min(w, h) * rand.range(0.42, 0.55);
  const wh = h * rand.range(0.7, 0.82);
  const cx = w * rand.range(0.35, 0.65);
  const top = h * 0.08;
  const x0 = cx - ww / 2;
  const arch = `M${r1(x0)},${r1(top + wh)} V${r1(top + ww / 2)} A${r1(ww / 2)},${r1(ww / 2)} 0 0 1 ${r1(x0 + ww)},${r1(top + ww / 2)} V${r1(top + wh)} Z`;
  const clip = s.id("c");
  s.def(`<clipPath id="${clip}"><path d="${arch}"/></clipPath>`);
  // light spilling from the window onto the floor, drawn first so it starts behind the glass
  s.glow(cx, top + wh / 2, ww * 1.5, wh * 0.9, C.gold, 0.3);
  lightRays(s, rand, cx, top + wh * 0.75, cx + w * rand.range(-0.25, 0.25), 5);
  // a leaded diamond lattice: a jittered grid of shared vertices, turned 45 degrees
  const diag = Math.hypot(ww, wh);
  const n = Math.round(rand.range(6, 9));
  const cell = diag / n;
  const grid: [number, number][][] = [];
  for (let i = 0; i <= n; i++) {
    const row: [number, number][] = [];
    for (let j = 0; j <= n; j++) {
      const jitter = i === 0 || j === 0 || i === n || j === n ? 0 : 0.16 * cell;
      row.push([
        -diag / 2 + j * cell + rand.range(-jitter, jitter),
        -diag / 2 + i * cell + rand.range(-jitter, jitter),
      ]);
    }
    grid.push(row);
  }
  const colors = [C.gold, C.gold, C.amber, C.amber, C.paper, C.rose, C.violet, C.lilac];
  const cells: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const corners = [grid[i]?.[j], grid[i]?.[j + 1], grid[i + 1]?.[j + 1], grid[i + 1]?.[j]];
      const points = corners.map((p) => `${r1(p?.[0] ?? 0)},${r1(p?.[1] ?? 0)}`).join(" ");
      cells.push(
        `<polygon points="${points}" fill="${rand.pick(colors)}" fill-opacity="${r1(rand.range(0.55, 0.95) * 100) / 100}"/>`,
      );
    }
  }
  const lead = Math.max(2, ww * 0.014);
  s.add(
    `<g clip-path="url(#${clip})"><g transform="translate(${r1(cx)} ${r1(top + wh / 2)}) rotate(45)" stroke="${C.deep}" stroke-width="${r1(lead)}" stroke-linejoin="round">${cells.join("")}</g></g>`,
  );
  s.add(`<path d="${arch}" fill="none" stroke="${C.deep}" stroke-width="${r1(lead * 2.5)}"/>`);
  s.glow(cx, top + wh * 0.45, ww * 0.55, wh * 0.45, C.paper, 0.3);
}

function glassPanes(s: Svg, rand: Rand): void {
  const { w, h } = s;
  const base = Math.min(w, h);
  const count = Math.round(rand.range(4, 8));
  for (let i = 0; i < count; i++) {
    const pw = base * rand.range(0.25, 0.6);
    const ph = base * rand.range(0.35, 0.8);
    const x = rand.range(-0.1, 0.9) * w;
    const y = rand.range(-0.1, 0.8) * h;
    const angle = rand.range(-25, 25);
    const tint = rand.pick([C.paper, C.lilac, C.amber, C.rose]);
    const fill = s.linear(
      [
        [tint, 0, rand.range(0.12, 0.3)],
        [tint, 0.6, 0.04],
        [tint, 1, rand.range(0.1, 0.2)],
      ],
      rand.range(20, 160),
    );
    s.add(
      `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(pw)}" height="${r1(ph)}" rx="${r1(base * 0.02)}" fill="${fill}" stroke="${C.paper}" stroke-opacity="0.3" stroke-width="${r1(base * 0.003)}" transform="rotate(${r1(angle)} ${r1(x + pw / 2)} ${r1(y + ph / 2)})"/>`,
    );
  }
}

/** One silhouette: head, rounded shoulders and optionally raised arms (-1 left, 1 right). */
function person(x: number, y: number, r: number, arms: readonly number[], bottom: number): string {
  const shoulders = `<path d="M${r1(x - 2.1 * r)},${r1(bottom)} V${r1(y + 2.7 * r)} Q${r1(x - 2.1 * r)},${r1(y + 1.5 * r)} ${r1(x - 0.8 * r)},${r1(y + 1.4 * r)} H${r1(x + 0.8 * r)} Q${r1(x + 2.1 * r)},${r1(y + 1.5 * r)} ${r1(x + 2.1 * r)},${r1(y + 2.7 * r)} V${r1(bottom)} Z"/>`;
  const limbs = arms.map((side) => {
    const hx = x + side * 2.3 * r;
    const hy = y - 2.5 * r;
    return `<path d="M${r1(x + side * 1.6 * r)},${r1(y + 2 * r)} L${r1(x + side * 2.7 * r)},${r1(y - 0.1 * r)} L${r1(hx)},${r1(hy)}" fill="none" stroke="${C.deep}" stroke-width="${r1(0.75 * r)}" stroke-linecap="round" stroke-linejoin="round"/><ellipse cx="${r1(hx)}" cy="${r1(hy - 0.2 * r)}" rx="${r1(0.42 * r)}" ry="${r1(0.6 * r)}"/>`;
  });
  return `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(r)}" ry="${r1(1.15 * r)}"/>${shoulders}${limbs.join("")}`;
}

/** Silhouettes of a congregation in two rows, some with raised hands, backlit. */
function crowd(s: Svg, rand: Rand): void {
  const { w, h } = s;
  const head = Math.min(w, h) * rand.range(0.032, 0.045);
  const baseY = h * rand.range(0.8, 0.86);
  s.glow(w * rand.range(0.35, 0.65), baseY - head * 3, w * 0.6, h * 0.35, C.gold, 0.6);
  for (const [rowY, scale, opacity] of [
    [baseY - head * 1.6, 0.8, 0.7],
    [baseY, 1, 0.95],
  ] as const) {
    const people: string[] = [];
    const step = head * scale * 3.4;
    for (let x = rand.range(-1, 0) * step; x < w + step; x += step * rand.range(0.85, 1.15)) {
      const roll = rand.next();
      const arms = roll < 0.12 ? [-1, 1] : roll < 0.3 ? [rand.next() < 0.5 ? -1 : 1] : [];
      const r = head * scale * rand.range(0.9, 1.1);
      people.push(person(x, rowY + rand.range(-0.4, 0.4) * r, r, arms, h + 1));
    }
    s.add(`<g fill="${C.deep}" opacity="${opacity}" ${s.blur(head * 0.06)}>${people.join("")}</g>`);
  }
}

// ---------------------------------------------------------------------------------------------
// Compositions

const BACKGROUNDS: readonly [string, string][] = [
  [C.night, C.violet],
  [C.night, C.wine],
  [C.deep, C.plum],
  [C.plum, C.rose],
  [C.night, "#2B2370"],
];

function bannerArt(width: number, height: number, seed: number): Svg {
  const rand = createRand(seed);
  const s = new Svg(width, height);
  s.rect(
    s.linear(
      [
        [C.night, 0, 1],
        [C.night, 0.35, 1],
        [C.violet, 1, 1],
      ],
      -35,
    ),
  );
  s.glow(width * 0.78, height * 0.2, width * 0.45, height * 0.6, "#6A4BB5", 0.45);
  const wx = width * 0.76;
  const wy = height * 0.08;
  archedWindow(s, wx, wy, width * 0.09, height * 0.36);
  lightRays(s, rand, wx, wy + height * 0.2, width * 0.42, 7);
  bokeh(s, rand, 22, [C.amber, C.gold, C.lilac], 0.3, 1);
  vignette(s, 0.6);
  return s;
}

export type Variant = "light" | "stained" | "panes" | "bokeh" | "crowd";
const VARIANTS: readonly Variant[] = ["light", "stained", "bokeh", "panes", "crowd"];

function abstractArt(width: number, height: number, seed: number, variant: Variant): Svg {
  const rand = createRand(seed);
  const s = new Svg(width, height);
  const [from, to] = rand.pick(BACKGROUNDS);
  s.rect(
    s.linear(
      [
        [from, 0, 1],
        [to, 1, 1],
      ],
      rand.range(-150, -30),
    ),
  );
  const glowColor = rand.pick([C.gold, C.rose, C.amber]);
  s.glow(rand.range(0.2, 0.8) * width, rand.range(0.1, 0.6) * height, width * 0.55, height * 0.55, glowColor, 0.45);
  switch (variant) {
    case "light":
      archedWindow(s, width * rand.range(0.2, 0.8), height * 0.06, Math.min(width, height) * 0.12, height * 0.4);
      lightRays(s, rand, width * rand.range(0.3, 0.7), height * 0.2, width * rand.range(0.3, 0.7), 6);
      bokeh(s, rand, 14, [C.amber, C.paper], 0.3, 1);
      break;
    case "stained":
      stainedGlass(s, rand);
      break;
    case "panes":
      glassPanes(s, rand);
      bokeh(s, rand, 12, [C.gold, C.lilac], 0, 1);
      break;
    case "bokeh":
      bokeh(s, rand, 60, [C.gold, C.amber, C.rose, C.lilac], 0, 1);
      break;
    case "crowd":
      bokeh(s, rand, 30, [C.gold, C.amber, C.lilac], 0, 0.7);
      crowd(s, rand);
      break;
  }
  vignette(s, 0.5);
  return s;
}

/** Warm arena light: floodlights, haze, a court in perspective and a net at the far end. */
function arenaArt(width: number, height: number, seed: number): Svg {
  const rand = createRand(seed);
  const s = new Svg(width, height);
  const horizon = height * 0.52;
  s.rect(
    s.linear(
      [
        [C.deep, 0, 1],
        [C.wine, 0.55, 1],
        ["#2A1630", 1, 1],
      ],
      90,
    ),
  );
  // floodlights in two rows
  for (const [row, y, size] of [
    [0, height * 0.08, 1],
    [1, height * 0.2, 0.6],
  ] as const) {
    const n = row === 0 ? 6 : 8;
    for (let i = 0; i < n; i++) {
      const x = width * ((i + 0.5) / n) + rand.range(-10, 10);
      s.glow(x, y, width * 0.09 * size, height * 0.08 * size, C.amber, 0.55);
      s.add(
        `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(width * 0.012 * size)}" ry="${r1(height * 0.008 * size)}" fill="${C.paper}"/>`,
      );
    }
  }
  s.glow(width / 2, horizon, width * 0.7, height * 0.45, C.gold, 0.5);
  // court floor
  const floor = s.linear(
    [
      ["#7A4A22", 0, 1],
      ["#C98A45", 1, 1],
    ],
    90,
  );
  const farL = width * 0.2;
  const farR = width * 0.8;
  s.add(
    `<polygon points="${r1(farL)},${r1(horizon)} ${r1(farR)},${r1(horizon)} ${width * 1.3},${height} ${-width * 0.3},${height}" fill="${floor}"/>`,
  );
  const lines = [
    `<line x1="${width / 2}" y1="${r1(horizon)}" x2="${width / 2}" y2="${height}"/>`,
    `<ellipse cx="${width / 2}" cy="${r1(height * 0.78)}" rx="${r1(width * 0.16)}" ry="${r1(height * 0.06)}"/>`,
    `<polygon points="${r1(width * 0.42)},${r1(horizon)} ${r1(width * 0.58)},${r1(horizon)} ${r1(width * 0.6)},${r1(horizon + height * 0.12)} ${r1(width * 0.4)},${r1(horizon + height * 0.12)}"/>`,
  ];
  s.add(
    `<g fill="none" stroke="${C.paper}" stroke-opacity="0.55" stroke-width="${r1(width * 0.003)}">${lines.join("")}</g>`,
  );
  // backboard, ring and net
  const bx = width / 2;
  const by = horizon - height * 0.2;
  const ringY = by + height * 0.085;
  const net: string[] = [];
  for (let i = 0; i <= 6; i++) {
    const t = i / 6;
    net.push(
      `<line x1="${r1(bx - width * 0.03 + t * width * 0.06)}" y1="${r1(ringY)}" x2="${r1(bx - width * 0.018 + t * width * 0.036)}" y2="${r1(ringY + height * 0.07)}"/>`,
    );
  }
  net.push(
    `<path d="M${r1(bx - width * 0.026)},${r1(ringY + height * 0.03)} H${r1(bx + width * 0.026)} M${r1(bx - width * 0.021)},${r1(ringY + height * 0.055)} H${r1(bx + width * 0.021)}"/>`,
  );
  s.add(
    `<rect x="${r1(bx - width * 0.07)}" y="${r1(by - height * 0.02)}" width="${r1(width * 0.14)}" height="${r1(height * 0.1)}" rx="4" fill="${C.paper}" fill-opacity="0.18" stroke="${C.paper}" stroke-opacity="0.7" stroke-width="3"/>`,
  );
  s.add(`<g stroke="${C.paper}" stroke-opacity="0.75" stroke-width="2" fill="none">${net.join("")}</g>`);
  s.add(
    `<ellipse cx="${r1(bx)}" cy="${r1(ringY)}" rx="${r1(width * 0.03)}" ry="${r1(height * 0.008)}" fill="none" stroke="${C.gold}" stroke-width="4"/>`,
  );
  // haze and crowd lights at the sides
  bokeh(s, rand, 50, [C.amber, C.gold], 0.22, 0.48);
  s.glow(width / 2, height * 0.35, width * 0.8, height * 0.3, C.amber, 0.18);
  vignette(s, 0.55);
  return s;
}

interface Person {
  name: string;
  from: string;
  to: string;
}

const SPEAKERS: readonly Person[] = [
  { name: "Grace Adeyemi", from: C.gold, to: C.rose },
  { name: "Samuel Okafor", from: "#F0A04B", to: "#5A2A6E" },
  { name: "Ruth Mensah", from: "#E06A7E", to: "#F2C96B" },
  { name: "David Mwangi", from: "#D2703A", to: C.plum },
  { name: "Esther Boateng", from: C.amber, to: "#8A3B12" },
];

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

function portraitArt(person: Person, size: number): Svg {
  const s = new Svg(size, size);
  const k = size / 800;
  s.rect(
    s.linear(
      [
        [person.from, 0, 1],
        [person.to, 1, 1],
      ],
      120,
    ),
  );
  s.glow(400 * k, 330 * k, 330 * k, 330 * k, C.paper, 0.35);
  // A solid fill: gradient fills under a blur filter render with visible seams in librsvg.
  s.add(
    `<g fill="${C.deep}" fill-opacity="0.42" ${s.blur(8 * k)}><ellipse cx="${400 * k}" cy="${320 * k}" rx="${128 * k}" ry="${150 * k}"/><path d="M${90 * k},${800 * k} C${90 * k},${610 * k} ${230 * k},${520 * k} ${400 * k},${520 * k} C${570 * k},${520 * k} ${710 * k},${610 * k} ${710 * k},${800 * k} Z"/></g>`,
  );
  s.rect(
    s.linear(
      [
        [C.deep, 0.55, 0],
        [C.deep, 1, 0.3],
      ],
      90,
    ),
  );
  s.add(
    `<text x="${400 * k}" y="${735 * k}" text-anchor="middle" font-family="${SERIF}" font-weight="bold" font-size="${120 * k}" letter-spacing="${6 * k}" fill="${C.paper}" fill-opacity="0.94">${escapeXml(initials(person.name))}</text>`,
  );
  return s;
}

const CLIENTS: readonly string[] = [
  "Lumen Co",
  "Harbor & Vine",
  "Cedar Fields",
  "Northgate",
  "Olive & Oak",
  "Beacon Trust",
  "Silverline",
  "Morning Star",
  "Riverstone",
  "Kestrel Labs",
  "Hearth Foods",
  "Anchor Press",
];

/** A wordmark on a large canvas; it is trimmed and fitted into the final size afterwards. */
function logoArt(name: string, index: number): Svg {
  const s = new Svg(1400, 300);
  const g = C.grey;
  const marks = [
    `<circle cx="120" cy="150" r="60" fill="${g}"/>`,
    `<circle cx="120" cy="150" r="52" fill="none" stroke="${g}" stroke-width="16"/>`,
    `<polygon points="120,85 185,205 55,205" fill="${g}"/>`,
    `<rect x="72" y="102" width="96" height="96" rx="18" fill="${g}" transform="rotate(45 120 150)"/>`,
    `<path d="M60,190 A60,60 0 0 1 180,190 M85,190 A35,35 0 0 1 155,190" fill="none" stroke="${g}" stroke-width="14"/>`,
    `<path d="M120,85 C185,120 175,200 120,215 C65,200 55,120 120,85 Z" fill="${g}"/>`,
  ];
  const serif = index % 3 === 1;
  const upper = index % 4 === 2;
  const text = upper ? name.toUpperCase() : name;
  s.add(marks[index % marks.length] ?? "");
  s.add(
    `<text x="230" y="185" font-family="${serif ? SERIF : SANS}" font-weight="${index % 2 === 0 ? "bold" : "normal"}" font-size="110" letter-spacing="${upper ? 10 : 0}" fill="${g}">${escapeXml(text)}</text>`,
  );
  return s;
}

function flameMarkup(): string {
  return `<path d="M32 7C36 17 46 24 46 38C46 47.5 39.7 55 32 55C24.3 55 18 47.5 18 38C18 30.5 22.5 25.5 26 19.5C27 25 29 28 32 29.5C31 22 30 14 32 7Z" fill="${C.gold}"/><path d="M32 35C35.5 39.5 38.5 42 38.5 46C38.5 50 35.6 53 32 53C28.4 53 25.5 50 25.5 46C25.5 42 29 39.5 32 35Z" fill="${C.night}" fill-opacity="0.35"/>`;
}

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${C.night}"/>${flameMarkup()}</svg>\n`;

/** Full-bleed icon (no transparency) with the mark inside the maskable safe zone. */
function iconArt(size: number): Svg {
  const s = new Svg(size, size);
  s.rect(C.night);
  const scale = (size * 0.62) / 64;
  const offset = (size - 64 * scale) / 2;
  s.add(`<g transform="translate(${r1(offset)} ${r1(offset)}) scale(${scale})">${flameMarkup()}</g>`);
  return s;
}

function ogArt(): Svg {
  const s = bannerArt(1200, 630, hashSeed("og"));
  const shade = s.linear(
    [
      [C.night, 0, 0.75],
      [C.night, 0.6, 0],
    ],
    0,
  );
  s.rect(shade);
  s.add(
    `<text x="80" y="250" font-family="${SANS}" font-weight="bold" font-size="26" letter-spacing="5" fill="${C.gold}">TNCC</text>`,
  );
  s.add(
    `<text font-family="${SERIF}" font-weight="bold" font-size="74" fill="${C.paper}"><tspan x="80" y="335">Wrapped in Grace</tspan><tspan x="80" y="420">Conference</tspan></text>`,
  );
  s.add(`<text x="80" y="490" font-family="${SANS}" font-size="34" fill="${C.lilac}">24–27 October 2024</text>`);
  return s;
}

// ---------------------------------------------------------------------------------------------
// The list of files

const pad = (n: number): string => String(n).padStart(2, "0");

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

export function placeholderList(): Placeholder[] {
  const list: Placeholder[] = [
    {
      file: "images/banner/banner-1.jpg",
      width: 2400,
      height: 1350,
      kind: "jpg",
      svg: () => bannerArt(2400, 1350, hashSeed("banner-1")).toString(),
    },
  ];
  SPEAKERS.forEach((person, i) => {
    list.push({
      file: `images/speakers/${i + 1}.jpg`,
      width: 800,
      height: 800,
      kind: "jpg",
      svg: () => portraitArt(person, 800).toString(),
    });
  });
  for (let n = 1; n <= 33; n++) {
    const { width, height } = galleryShape(n);
    list.push(abstractItem(`images/gallery/${pad(n)}.jpg`, width, height, n));
  }
  for (let n = 1; n <= 18; n++) list.push(abstractItem(`images/blog/${pad(n)}.jpg`, 1200, 800, n + 2));
  for (let n = 1; n <= 8; n++) list.push(abstractItem(`images/sessions/${n}.jpg`, 1200, 800, n + 4));
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
  CLIENTS.forEach((name, i) => {
    list.push({
      file: `images/clients/${pad(i + 1)}.png`,
      width: 400,
      height: 160,
      kind: "logo",
      svg: () => logoArt(name, i).toString(),
    });
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

// ---------------------------------------------------------------------------------------------
// Rendering

async function render(item: Placeholder): Promise<Buffer | string> {
  const svg = item.svg();
  switch (item.kind) {
    case "svg":
      return svg;
    case "jpg":
      return sharp(Buffer.from(svg)).flatten({ background: C.night }).jpeg({ quality: 80, mozjpeg: true }).toBuffer();
    case "png":
      return sharp(Buffer.from(svg)).png({ compressionLevel: 9, palette: true }).toBuffer();
    case "logo": {
      // Trim to the ink, fit into the box with some padding, then centre on a transparent canvas.
      const trimmed = await sharp(Buffer.from(svg)).trim().png().toBuffer();
      const fitted = await sharp(trimmed)
        .resize({ width: Math.round(item.width * 0.86), height: Math.round(item.height * 0.5), fit: "inside" })
        .png()
        .toBuffer({ resolveWithObject: true });
      const left = Math.floor((item.width - fitted.info.width) / 2);
      const top = Math.floor((item.height - fitted.info.height) / 2);
      return sharp(fitted.data)
        .extend({
          left,
          right: item.width - fitted.info.width - left,
          top,
          bottom: item.height - fitted.info.height - top,
          background: { r: 0, g: 0, b: 0, alpha: 0 },
        })
        .png({ compressionLevel: 9, palette: true })
        .toBuffer();
    }
  }
}

export function missingPlaceholders(publicDir = PUBLIC_DIR): Placeholder[] {
  return placeholderList().filter((item) => !existsSync(path.join(publicDir, item.file)));
}

export async function generatePlaceholders(
  options: { force?: boolean; publicDir?: string } = {},
): Promise<{ written: string[]; kept: number }> {
  const publicDir = options.publicDir ?? PUBLIC_DIR;
  const todo = options.force ? placeholderList() : missingPlaceholders(publicDir);
  const written: string[] = [];
  // Two at a time: the build machine has two cores.
  const queue = [...todo];
  const worker = async (): Promise<void> => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const target = path.join(publicDir, item.file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, await render(item));
      written.push(item.file);
    }
  };
  await Promise.all([worker(), worker()]);
  return { written: written.sort(), kept: placeholderList().length - todo.length };
}

if (isMain(import.meta.url)) {
  const started = performance.now();
  const { written, kept } = await generatePlaceholders({ force: process.argv.includes("--force") });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`placeholders: ${written.length} written, ${kept} already present (${seconds}s)`);
}
