// Motifs the scenes are composed of: light, windows, bokeh, stained glass, glass panes and a crowd.
import { C, r1, type Rand, type Svg } from "./svg";

export function vignette(s: Svg, strength = 0.55): void {
  const id = s.id("v");
  s.def(
    `<radialGradient id="${id}" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="${C.deep}" stop-opacity="0"/><stop offset="1" stop-color="${C.deep}" stop-opacity="${strength}"/></radialGradient>`,
  );
  s.rect(`url(#${id})`);
}

/** Light streaming from (ox, oy) towards the floor, spread around `towardX`. */
export function lightRays(s: Svg, rand: Rand, ox: number, oy: number, towardX: number, count: number): void {
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
export function archedWindow(s: Svg, cx: number, top: number, width: number, height: number): void {
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

export function bokeh(s: Svg, rand: Rand, count: number, colors: readonly string[], y0 = 0, y1 = 1): void {
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

export function stainedGlass(s: Svg, rand: Rand): void {
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

export function glassPanes(s: Svg, rand: Rand): void {
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
export function crowd(s: Svg, rand: Rand): void {
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
