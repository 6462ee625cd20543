import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/paths.server";

const CLIENT_ONLY = new Set(["/admin"]);

export default {
  ssr: false,
  async prerender({ getStaticPaths }) {
    // /admin (the organisers' inbox) is rendered in the browser only: served as the SPA fallback (issue 18).
    return [...getStaticPaths().filter((p) => !CLIENT_ONLY.has(p)), ...(await prerenderPaths())];
  },
  // After pre-rendering: the offline service worker (it precaches the HTML) and the agenda calendar's data.
  async buildEnd({ reactRouterConfig }) {
    const { agendaCalendarData, offlineContentPages } = await import("./app/content/paths.server");
    const { writeServiceWorker } = await import("./scripts/build/service-worker");
    const buildDir = reactRouterConfig.buildDirectory;
    await writeFile(path.join(buildDir, "agenda-sessions.json"), JSON.stringify(agendaCalendarData()));
    // The precache's size, for `npm run bench` to print.
    const precache = await writeServiceWorker(path.join(buildDir, "client"), offlineContentPages());
    await writeFile(path.join(buildDir, "precache.json"), JSON.stringify(precache));
  },
} satisfies Config;
