// The shared drawing kit of the placeholder artwork: the palette, deterministic randomness and a tiny SVG builder.

export const C = {
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

export const SANS = "DejaVu Sans, sans-serif";
export const SERIF = "DejaVu Serif, serif";

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

export interface Rand {
  next: () => number;
  range: (min: number, max: number) => number;
  pick: <T>(items: readonly T[]) => T;
}

export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: tiny, fast, good enough for artwork. */
export function createRand(seed: number): Rand {
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

export const r1 = (n: number): number => Math.round(n * 10) / 10;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

export class Svg {
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
