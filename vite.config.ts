import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { cpSync, rmSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { buildSettings } from "./scripts/build/build-env";

/**
 * The browser's chunks (issue 19, revised by issue 52: docs/decisions/034). Every page loads one `shared`
 * chunk: React, React Router and the page shell (root.tsx and app/components/layout/ with what they import:
 * header, footer, the newsletter form) and the pages' meta. Everything else is split by the pages that use
 * it, so a page downloads its own code and none of another page's; code imported on demand (forms' checks,
 * the header's dialogs, the banner, the home pages' sections, search, lightbox, toasts) keeps its own chunks.
 * Issue 19's single chunk of every component two pages shared had grown to 55 KiB, most of it other pages'.
 */
const clientChunks = {
  groups: [
    {
      name: "shared",
      // root.tsx is a route module: captured with what it imports, its own chunk only re-exports it. The
      // coming-soon page's demo options are not the shell's.
      test: /node_modules[\\/](?:react|react-dom|scheduler|react-router)[\\/]|[\\/]app[\\/](?:root\.tsx|components[\\/]layout[\\/](?!demo-options)|lib[\\/]seo[\\/])/,
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
        const target = buildSettings().keepRenderer;
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
