/** Validates every pre-rendered HTML page with html-validate (part of npm test). */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type ConfigData, HtmlValidate } from "html-validate";
import { builtPages, clientDir, repoRoot } from "./budgets";
import { isMain } from "../is-main";

/**
 * html-validate:recommended, with these rules relaxed (each for a reason outside our markup's control):
 * - attr-case, void-style: React writes `crossOrigin`-style attributes in lower case but self-closes void
 *   elements (`<meta ... />`), which is valid HTML; the rules are about house style, not validity.
 * - valid-id: React's useId produces ids such as `_R_1_` / `«r1»`; they are valid HTML ids, only not "pretty".
 * - no-inline-style: Tailwind's arbitrary values and small style props are inline by design.
 * - long-title: titles are "Page name | TNCC", and some page names (blog posts) are long on purpose.
 * - no-redundant-role: `<ul role="list">` keeps list semantics in Safari when list-style is removed.
 * - attribute-boolean-style, attribute-empty-style: React writes `required=""` and `hidden=""`, which are
 *   valid HTML spellings of boolean attributes.
 * - tel-non-breaking: phone numbers stay on one line through CSS (`whitespace-nowrap`) rather than U+2011
 *   hyphens, which some screen readers announce and which break copy-and-paste dialling.
 */
export const htmlValidateConfig: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    "attr-case": "off",
    "void-style": "off",
    "valid-id": ["error", { relaxed: true }],
    "no-inline-style": "off",
    "long-title": "off",
    "no-redundant-role": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "tel-non-breaking": "off",
  },
};

export async function validatePages(dir: string = clientDir): Promise<string[]> {
  const validator = new HtmlValidate(htmlValidateConfig);
  const problems: string[] = [];
  for (const [, file] of builtPages(dir)) {
    const report = await validator.validateString(readFileSync(file, "utf8"), file);
    for (const result of report.results) {
      for (const message of result.messages) {
        problems.push(
          `${path.relative(repoRoot, file)}:${message.line}:${message.column} ${message.ruleId}: ${message.message}`,
        );
      }
    }
  }
  return problems;
}

if (isMain(import.meta.url)) {
  const problems = await validatePages();
  if (problems.length > 0) {
    console.error(`HTML validation failed (${problems.length}):\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log(`HTML valid: ${builtPages(clientDir).length} pages.`);
}
