// Client and partner logos: a simple mark and the client's name as a grey wordmark.
import { C, escapeXml, SANS, SERIF, Svg } from "./svg";

/** Long names go on two lines, split at the space nearest the middle, so they stay legible when fitted. */
export function logoLines(name: string): string[] {
  if (name.length <= 16 || !name.includes(" ")) return [name];
  let best = -1;
  for (let i = name.indexOf(" "); i !== -1; i = name.indexOf(" ", i + 1))
    if (best === -1 || Math.abs(i - name.length / 2) < Math.abs(best - name.length / 2)) best = i;
  return [name.slice(0, best), name.slice(best + 1)];
}

const LINE = 130;

/**
 * A wordmark on a canvas generously wider than the text (1 em a character); it is trimmed to its ink and
 * fitted into the final size afterwards.
 */
export function logoArt(name: string, index: number): Svg {
  const serif = index % 3 === 1;
  const upper = index % 4 === 2;
  const lines = logoLines(upper ? name.toUpperCase() : name);
  const longest = Math.max(...lines.map((line) => line.length));
  const s = new Svg(Math.max(1400, 300 + longest * (110 + (upper ? 10 : 0))), 300 + (lines.length - 1) * LINE);
  const g = C.grey;
  const marks = [
    `<circle cx="120" cy="150" r="60" fill="${g}"/>`,
    `<circle cx="120" cy="150" r="52" fill="none" stroke="${g}" stroke-width="16"/>`,
    `<polygon points="120,85 185,205 55,205" fill="${g}"/>`,
    `<rect x="72" y="102" width="96" height="96" rx="18" fill="${g}" transform="rotate(45 120 150)"/>`,
    `<path d="M60,190 A60,60 0 0 1 180,190 M85,190 A35,35 0 0 1 155,190" fill="none" stroke="${g}" stroke-width="14"/>`,
    `<path d="M120,85 C185,120 175,200 120,215 C65,200 55,120 120,85 Z" fill="${g}"/>`,
  ];
  // The mark sits beside the middle of the text block.
  s.add(`<g transform="translate(0 ${((lines.length - 1) * LINE) / 2})">${marks[index % marks.length] ?? ""}</g>`);
  const tspans = lines.map((line, i) => `<tspan x="230" y="${185 + i * LINE}">${escapeXml(line)}</tspan>`);
  s.add(
    `<text font-family="${serif ? SERIF : SANS}" font-weight="${index % 2 === 0 ? "bold" : "normal"}" font-size="110" letter-spacing="${upper ? 10 : 0}" fill="${g}">${tspans.join("")}</text>`,
  );
  return s;
}
