/**
 * The share code of an agenda: a set of session numbers (stable, never reused, from content) in a few
 * URL-safe characters. Two encodings, whichever is shorter, told apart by the first character:
 * - "b": a bitset, bit n-1 for session n (good for many sessions close together);
 * - "g": gaps between the sorted numbers as LEB128 varints (good for a few sessions far apart).
 * The bytes are base64url without padding. An empty set is the empty string.
 */

const toBase64Url = (bytes: Uint8Array) => {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const fromBase64Url = (text: string): Uint8Array => {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

const normalise = (numbers: Iterable<number>) =>
  [...new Set(numbers)].filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b);

function bitset(sorted: number[]): Uint8Array {
  const bytes = new Uint8Array(Math.ceil((sorted.at(-1) ?? 0) / 8));
  for (const n of sorted) bytes[(n - 1) >> 3]! |= 1 << ((n - 1) & 7);
  return bytes;
}

function gaps(sorted: number[]): Uint8Array {
  const out: number[] = [];
  let previous = 0;
  for (const n of sorted) {
    let gap = n - previous;
    previous = n;
    while (gap >= 0x80) {
      out.push((gap & 0x7f) | 0x80);
      gap = Math.floor(gap / 0x80);
    }
    out.push(gap);
  }
  return Uint8Array.from(out);
}

export function encodeAgenda(numbers: Iterable<number>): string {
  const sorted = normalise(numbers);
  if (sorted.length === 0) return "";
  const a = `b${toBase64Url(bitset(sorted))}`;
  const b = `g${toBase64Url(gaps(sorted))}`;
  return b.length < a.length ? b : a;
}

/** The session numbers of a code; an unreadable code gives an empty list. */
export function decodeAgenda(code: string): number[] {
  try {
    if (code.length < 2 || !/^[bg][A-Za-z0-9_-]+$/.test(code)) return [];
    const bytes = fromBase64Url(code.slice(1));
    const numbers: number[] = [];
    if (code[0] === "b") {
      bytes.forEach((byte, index) => {
        for (let bit = 0; bit < 8; bit++) if (byte & (1 << bit)) numbers.push(index * 8 + bit + 1);
      });
      return numbers;
    }
    let previous = 0;
    let gap = 0;
    let scale = 1;
    for (const byte of bytes) {
      gap += (byte & 0x7f) * scale;
      if (byte & 0x80) {
        scale *= 0x80;
        if (scale > 2 ** 28) return [];
        continue;
      }
      if (gap === 0) return [];
      previous += gap;
      numbers.push(previous);
      gap = 0;
      scale = 1;
    }
    return scale === 1 ? numbers : [];
  } catch {
    return [];
  }
}
