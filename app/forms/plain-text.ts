/**
 * The one check of a line of text typed by someone (issue 61): a name, a subject, an address. It holds no control
 * character (Unicode Cc: CR, LF, tab, U+0085 ...) and no line or paragraph separator (U+2028, U+2029), so what a
 * person typed can never break out of the line a page or a mail quotes it on. Every form's one-line fields
 * (./schema.ts), the holder's name, the waiting list, a forwarded ticket and a manual order use it.
 */

/** The characters refused: control characters and the line and paragraph separators. */
const CONTROL = String.raw`\p{Cc}\u2028\u2029`;

/** One line of text: no control character, no line or paragraph separator. */
export const ONE_LINE = new RegExp(`^[^${CONTROL}]*$`, "u");

/** A name as the box office keeps it: one line, and no < or > either. */
export const PLAIN_NAME = new RegExp(`^[^<>${CONTROL}]*$`, "u");

/** Text made one line for a mail (defence in depth): each run of refused characters becomes one space. */
export const oneLine = (text: string) => text.replace(new RegExp(`[${CONTROL}]+`, "gu"), " ");
