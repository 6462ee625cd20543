/** The build steps written from the content (not from the pre-rendered pages). */
import { writeCalendarFiles } from "./calendar";
import { writeCheckoutData } from "./checkout-data";
import { writeFeed } from "./feed";
import type { BuildContext, BuildStep } from "./files";

const withContent = (
  name: string,
  run: (ctx: BuildContext, content: NonNullable<BuildContext["content"]>) => Promise<string>,
): BuildStep => ({
  name,
  run: (ctx) => (ctx.content ? run(ctx, ctx.content) : Promise.resolve(`${name}: skipped (no content loaded)`)),
});

export const checkoutDataStep = withContent("checkout data", (ctx, content) =>
  writeCheckoutData(ctx.buildDir, content),
);
export const calendarStep = withContent("calendar", (ctx, content) =>
  writeCalendarFiles(ctx.clientDir, content, ctx.siteUrl),
);
export const feedStep = withContent("feed", (ctx, content) => writeFeed(ctx.clientDir, content, ctx.siteUrl));
