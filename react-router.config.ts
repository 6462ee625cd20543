import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/content/paths.server";
import { buildDirectory } from "./scripts/build/files";

const CLIENT_ONLY = new Set(["/admin"]);

export default {
  ssr: false,
  buildDirectory: buildDirectory(process.cwd()),
  async prerender({ getStaticPaths }) {
    // /admin (the organisers' inbox) is rendered in the browser only: served as the SPA fallback (issue 18).
    return [...getStaticPaths().filter((p) => !CLIENT_ONLY.has(p)), ...(await prerenderPaths())];
  },
  // After pre-rendering: the offline service worker (it precaches the HTML) and the agenda calendar's data.
  async buildEnd({ reactRouterConfig }) {
    const { agendaCalendarData, offlineContentPages } = await import("./app/content/paths.server");
    const { writeServiceWorker } = await import("./scripts/build/service-worker");
    const buildDir = reactRouterConfig.buildDirectory;
    const agenda = JSON.stringify(agendaCalendarData());
    await writeFile(path.join(buildDir, "agenda-sessions.json"), agenda);
    // The programme's version (every session's time, title and changes): a visitor's offline copy compares it
    // to tell "The schedule was updated" once (app/lib/agenda-offline.ts). Precached by the worker.
    const version = createHash("sha256").update(agenda).digest("hex").slice(0, 16);
    await writeFile(path.join(buildDir, "client", "schedule-version.json"), JSON.stringify({ version }));
    // The precache's size, for `npm run bench` to print.
    const precache = await writeServiceWorker(path.join(buildDir, "client"), offlineContentPages());
    await writeFile(path.join(buildDir, "precache.json"), JSON.stringify(precache));
  },
} satisfies Config;
