// Speaker portraits: a soft silhouette on a warm gradient, with the speaker's initials.
import { C, escapeXml, SERIF, Svg } from "./svg";

/** Gradient pairs, one a speaker in content order (repeating when there are more speakers). */
const PALETTES: readonly (readonly [string, string])[] = [
  [C.gold, C.rose],
  ["#F0A04B", "#5A2A6E"],
  ["#E06A7E", "#F2C96B"],
  ["#D2703A", C.plum],
  [C.amber, "#8A3B12"],
];

export function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() ?? "")
    .join("");
}

/** The portrait of the `index`-th speaker (content order) called `name`. */
export function portraitArt(name: string, index: number, size: number): Svg {
  const [from, to] = PALETTES[index % PALETTES.length] ?? [C.gold, C.rose];
  const s = new Svg(size, size);
  const k = size / 800;
  s.rect(
    s.linear(
      [
        [from, 0, 1],
        [to, 1, 1],
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
    `<text x="${400 * k}" y="${735 * k}" text-anchor="middle" font-family="${SERIF}" font-weight="bold" font-size="${120 * k}" letter-spacing="${6 * k}" fill="${C.paper}" fill-opacity="0.94">${escapeXml(initials(name))}</text>`,
  );
  return s;
}
