import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";

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

/**
 * Keeps the pre-rendering's server bundle (the SSR build's folder) where scripts/build.ts asks
 * (BUILD_KEEP_RENDERER), before React Router deletes it (ssr: false): the content-only publish renders new
 * content with it (issue 52, scripts/build/renderer.ts). Here rather than imported: Vite bundles this file.
 */
function keepRenderer(): Plugin {
  let ssrOutDir: string | null = null;
  return {
    name: "tncc:keep-renderer",
    apply: "build",
    configResolved(config) {
      ssrOutDir = config.build.ssr ? path.resolve(config.root, config.build.outDir) : null;
    },
    writeBundle: {
      // Before React Router's own, which pre-renders with the bundle and then deletes it.
      order: "pre",
      sequential: true,
      handler() {
        const target = process.env.BUILD_KEEP_RENDERER;
        if (!ssrOutDir || !target) return;
        rmSync(target, { recursive: true, force: true });
        cpSync(ssrOutDir, target, { recursive: true });
      },
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), keepRenderer()],
  resolve: { tsconfigPaths: true },
  build: isSsrBuild ? {} : { rollupOptions: { output: { codeSplitting: clientChunks } } },
}));
