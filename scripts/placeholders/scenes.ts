// Scenes: the banner, abstract photo stand-ins (gallery, blog, sessions, about), the arena and the share image.
import { archedWindow, bokeh, crowd, glassPanes, lightRays, stainedGlass, vignette } from "./motifs";
import { C, createRand, hashSeed, r1, SANS, SERIF, Svg } from "./svg";

const BACKGROUNDS: readonly [string, string][] = [
  [C.night, C.violet],
  [C.night, C.wine],
  [C.deep, C.plum],
  [C.plum, C.rose],
  [C.night, "#2B2370"],
];

export function bannerArt(width: number, height: number, seed: number): Svg {
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
export const VARIANTS: readonly Variant[] = ["light", "stained", "bokeh", "panes", "crowd"];

export function abstractArt(width: number, height: number, seed: number, variant: Variant): Svg {
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
export function arenaArt(width: number, height: number, seed: number): Svg {
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

export function ogArt(): Svg {
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
