/** Small pieces of SQL text that several features' queries share (no feature owns them). */

/** `%`, `_` and `\` match themselves in the search text of a LIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
