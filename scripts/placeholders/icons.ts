// The site icon: the flame on the night colour, as the SVG favicon and full-bleed raster icons.
import { C, r1, Svg } from "./svg";

function flameMarkup(): string {
  return `<path d="M32 7C36 17 46 24 46 38C46 47.5 39.7 55 32 55C24.3 55 18 47.5 18 38C18 30.5 22.5 25.5 26 19.5C27 25 29 28 32 29.5C31 22 30 14 32 7Z" fill="${C.gold}"/><path d="M32 35C35.5 39.5 38.5 42 38.5 46C38.5 50 35.6 53 32 53C28.4 53 25.5 50 25.5 46C25.5 42 29 39.5 32 35Z" fill="${C.night}" fill-opacity="0.35"/>`;
}

export const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${C.night}"/>${flameMarkup()}</svg>\n`;

/** Full-bleed icon (no transparency) with the mark inside the maskable safe zone. */
export function iconArt(size: number): Svg {
  const s = new Svg(size, size);
  s.rect(C.night);
  const scale = (size * 0.62) / 64;
  const offset = (size - 64 * scale) / 2;
  s.add(`<g transform="translate(${r1(offset)} ${r1(offset)}) scale(${scale})">${flameMarkup()}</g>`);
  return s;
}
