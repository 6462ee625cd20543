/**
 * The offline copy of the site (docs/decisions/012): root.tsx registers its worker once the page is idle.
 * What this browser keeps of it is in ./offline-copy.ts; the registration and its updates are in
 * ./offline-updates.ts, loaded then, so they are not in every page's first download (issue 52).
 */
export { SCHEDULE_VERSION_PATH } from "./offline-copy";

/**
 * Registers the offline service worker (build/client/sw.js, production builds only) and follows its updates
 * (./offline-updates.ts).
 */
export function registerOffline(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  void import("./offline-updates").then(
    (m) => m.register(),
    () => {
      // Offline before the copy holds it: the worker is registered on the next page that loads it.
    },
  );
}
