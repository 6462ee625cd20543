import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { keepRenderer } from "./scripts/build/renderer";

/**
 * The browser's chunks (issue 19): left alone, the bundler makes a chunk of every module that two pages
 * share, so `/` fetched about 40 scripts, most under 1 KiB. The icons go into one chunk, and the app's own
 * components and helpers that several pages load from the start into another. Code imported on demand
 * (forms' checks, search, lightbox, toasts) keeps its own chunks.
 */
const clientChunks = {
  groups: [
    { name: "icons", test: /node_modules[\\/]lucide-react[\\/]/, tags: ["$initial" as const] },
    {
      name: "shared",
      // The organisers' pages (/admin, /admin/content) and the door's /checkin (issue 43: its protocol is shared
      // with /admin) share their own code: it never joins the visitors' chunk. Nor do the alerts (issue 51): only
      // /agenda, /alerts and a session's dialog use them.
      test: /[\\/]app[\\/](?:components|lib)[\\/](?!(?:admin|door)[\\/]|agenda[\\/]alert)/,
      minShareCount: 2,
      tags: ["$initial" as const],
    },
  ],
};

export default defineConfig(({ isSsrBuild }) => ({
  // keepRenderer: the pre-rendering's bundle, kept for the content-only publish (issue 52).
  plugins: [tailwindcss(), reactRouter(), keepRenderer()],
  resolve: { tsconfigPaths: true },
  build: isSsrBuild ? {} : { rollupOptions: { output: { codeSplitting: clientChunks } } },
}));
