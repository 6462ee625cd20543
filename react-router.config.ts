import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/paths.server";
import { isClientOnlyPath } from "./server/http-policy";
import { buildDirectory } from "./scripts/build/files";

/** Pre-rendering only: every build step after it is one pipeline, scripts/postbuild.ts. */
export default {
  ssr: false,
  buildDirectory: buildDirectory(process.cwd()),
  async prerender({ getStaticPaths }) {
    // /admin (the organisers' inbox) is rendered in the browser only: served as the SPA fallback (issue 18).
    return [...getStaticPaths().filter((p) => !isClientOnlyPath(p)), ...(await prerenderPaths())];
  },
} satisfies Config;
