import type { Page } from "@playwright/test";

/**
 * Words the page breaks in the middle though they would fit on a line of their own (issue 62: "1 ti cket",
 * "…@example.or g", "38.00 U SD"), and the elements that still ask for `word-break: break-all`. Each visible
 * text node is measured word by word (a word: what lies between spaces, hyphens, dashes and slashes, where a
 * line may break): a word whose characters sit on two lines is split. Only a word wider than the screen less
 * two margins (the page's and a card's, 32 px each) may be: nothing else fits it (a ticket's long code).
 */
export function wordSplits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const room = window.innerWidth - 64;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node as Text;
      const parent = text.parentElement;
      // Not laid out as text: hidden, read to screen readers only (a 1 px box), or a form control's own.
      if (!parent || !parent.checkVisibility({ visibilityProperty: true })) continue;
      if (parent.closest(".sr-only, script, style, noscript, select, option, textarea")) continue;
      for (const word of text.data.matchAll(/[^\s\-\u2010-\u2014/]+/g)) {
        const range = document.createRange();
        range.setStart(text, word.index);
        range.setEnd(text, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        if (rects.length < 2) continue;
        const tops = rects.map((r) => r.top);
        const lineHeight = Math.min(...rects.map((r) => r.height));
        if (Math.max(...tops) - Math.min(...tops) < lineHeight / 2) continue;
        const width = rects.reduce((sum, r) => sum + r.width, 0);
        if (width <= room) found.push(`"${word[0]}" in "${text.data.trim().slice(0, 80)}"`);
      }
    }
    for (const el of document.querySelectorAll("body *"))
      if (getComputedStyle(el).wordBreak === "break-all") found.push(`break-all on <${el.tagName.toLowerCase()}>`);
    return found;
  });
}
