/**
 * The offline service worker's registration and updates (./offline.ts loads this once the page is idle).
 */
import { showToast } from "../toast";
import { OFFLINE_SAVED_KEY, SCHEDULE_SEEN_KEY, SCHEDULE_VERSION_PATH, store, stored } from "./offline-copy";

/** Set (in sessionStorage) just before the reload that shows a changed programme: the reloaded page says so. */
const UPDATED_FLAG = "scheduleUpdated";
const SCHEDULE_UPDATED_MESSAGE = "The schedule was updated: this page now shows the newest programme.";
const SCHEDULE_NEXT_PAGE_MESSAGE = "The schedule was updated: the next page you open shows it.";

/** The programme's version now (from the active worker's copy when there is one); null when unreadable. */
async function scheduleVersion(): Promise<string | null> {
  try {
    const response = await fetch(SCHEDULE_VERSION_PATH);
    const body: unknown = response.ok ? await response.json() : null;
    return body && typeof body === "object" && "version" in body && typeof body.version === "string"
      ? body.version
      : null;
  } catch {
    return null;
  }
}

/** Records the version; true when it differs from the one recorded before (once per change). */
async function scheduleChanged(): Promise<boolean> {
  const version = await scheduleVersion();
  if (!version) return false;
  const seen = stored(SCHEDULE_SEEN_KEY);
  store(SCHEDULE_SEEN_KEY, version);
  return seen !== null && seen !== version;
}

/** True while the visitor has typed into a field of the page (a reload would lose it). */
function typing(): boolean {
  const fields = document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea");
  return [...fields].some((field) =>
    field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue,
  );
}

/**
 * Registers the offline service worker (build/client/sw.js). When a new build's
 * worker takes over a page that an older one controlled, a quiet toast says so. When the programme changed
 * too, the page (pre-rendered from the old programme) is reloaded from the new copy and then says "The
 * schedule was updated", once; unless the visitor has started typing, who is told instead that the next page
 * shows it. The time each copy was saved is kept, for the offline notice.
 */
export function register(): void {
  if (stored(UPDATED_FLAG, () => sessionStorage)) {
    sessionStorage.removeItem(UPDATED_FLAG);
    void showToast("success", SCHEDULE_UPDATED_MESSAGE);
  }
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    store(OFFLINE_SAVED_KEY, new Date().toISOString());
    if (!hadController) return;
    void scheduleChanged().then((changed) => {
      if (!changed) void showToast("success", "Updated: the offline copy of the site is now the newest.");
      else if (typing()) void showToast("success", SCHEDULE_NEXT_PAGE_MESSAGE);
      else {
        store(UPDATED_FLAG, "1", () => sessionStorage);
        // Without storage the reloaded page could not say why: reload only when the flag was kept.
        if (stored(UPDATED_FLAG, () => sessionStorage)) location.reload();
        else void showToast("success", SCHEDULE_NEXT_PAGE_MESSAGE);
      }
    });
  });
  void navigator.serviceWorker
    .register("/sw.js")
    .then(() => navigator.serviceWorker.ready)
    .then(async () => {
      // The first copy: remember what it holds and when it was saved.
      if (stored(OFFLINE_SAVED_KEY) === null) store(OFFLINE_SAVED_KEY, new Date().toISOString());
      if (stored(SCHEDULE_SEEN_KEY) === null) await scheduleChanged();
    })
    .catch(() => {
      // No worker (e.g. a private window that refuses it): the site works online as before.
    });
}
