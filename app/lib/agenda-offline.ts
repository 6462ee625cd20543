import { showToast } from "./toast";

/**
 * Registers the offline service worker (build/client/sw.js, production builds only). When a new build's
 * worker takes over a page that an older one controlled, a quiet toast says so.
 */
export function registerOffline(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController) void showToast("success", "Updated: the offline copy of the site is now the newest.");
  });
  void navigator.serviceWorker.register("/sw.js").catch(() => {
    // No worker (e.g. a private window that refuses it): the site works online as before.
  });
}
