/**
 * The offline service worker's source (bundled into build/client/sw.js by ./service-worker.ts, which puts the
 * precache list in place of `self.__WB_MANIFEST`). Runs in the browser, not in Node.
 *
 * Text files (HTML, .data, scripts, styles, JSON) are stored gzip-compressed in the cache and decompressed
 * when a page asks for them, with the browser's own CompressionStream: the copy on the phone takes about a
 * third of the room it would take as plain text. Pictures and fonts are stored as they come (already packed).
 */
import { clientsClaim } from "workbox-core";
import {
  addPlugins,
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from "workbox-precaching";
import { registerRoute } from "workbox-routing";

/** Marks a cached response whose body is stored gzip-compressed by this worker. */
const STORED_GZIP = "X-Stored-Gzip";

type WorkerScope = { __WB_MANIFEST: PrecacheEntry[]; skipWaiting(): Promise<void> };

/** server/http-policy.ts COMPRESSIBLE_TYPES, put in by the bundler (./service-worker.ts). */
declare const __COMPRESSIBLE_TYPES__: string;
const COMPRESSIBLE = new RegExp(__COMPRESSIBLE_TYPES__);
/** ./service-worker.ts TICKETS_SHELL: the page shell (the SPA fallback) of /tickets and /tickets/<token>. */
declare const __TICKETS_SHELL__: string;
/** ./service-worker.ts SHELL_PAGES: the browser-only pages answered with that shell (/tickets/*, /checkin). */
declare const __SHELL_PAGES__: string[];
const isShellPage = (pathname: string) =>
  __SHELL_PAGES__.some((page) => pathname === page || pathname.startsWith(`${page}/`));

function withBody(response: Response, body: ReadableStream<Uint8Array>, stored: boolean): Response {
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding");
  if (stored) headers.set(STORED_GZIP, "1");
  else headers.delete(STORED_GZIP);
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** A cached copy as the page can read it (decompressed when this worker stored it compressed). */
function unpack(cached: Response | undefined): Response | undefined {
  if (!cached?.body || !cached.headers.has(STORED_GZIP)) return cached;
  return withBody(cached, cached.body.pipeThrough(new DecompressionStream("gzip")), false);
}

addPlugins([
  {
    // Only complete, successful answers are kept (a failed install is retried on the next visit).
    cacheWillUpdate: async ({ response }) => {
      if (response.status !== 200 || response.type === "opaque") return null;
      const type = response.headers.get("Content-Type") ?? "";
      if (!response.body || !COMPRESSIBLE.test(type)) return response;
      return withBody(response, response.body.pipeThrough(new CompressionStream("gzip")), true);
    },
    cachedResponseWillBeUsed: async ({ cachedResponse }) => unpack(cachedResponse) ?? null,
  },
]);

/** How long a page waits for the network before the offline copy answers (a venue's poor signal). */
const PAGE_WAIT_MS = 4000;
// Pages (a page's HTML, or its .data on a move inside the site) come from the network first: a publish changes
// what a page says without changing its address, so a visitor online always gets the live build's page
// (issue 41). Offline, or when the network is slower than PAGE_WAIT_MS, the offline copy answers. Registered
// before the precache's own route, which answers everything else (scripts, styles, fonts) from the copy first.
registerRoute(
  ({ request, url }) =>
    url.origin === location.origin && (request.mode === "navigate" || url.pathname.endsWith(".data")),
  async ({ request, url }) => {
    const network = fetch(request);
    // The buyer's tickets are rendered in the browser: every /tickets/<token> shares one shell (the page keeps
    // the order itself), so a ticket opened once shows at the door without a connection (issue 42); so does
    // the door's /checkin, which keeps its attendee list in IndexedDB (issue 43).
    const copy = unpack(await matchPrecache(isShellPage(url.pathname) ? __TICKETS_SHELL__ : url.pathname));
    if (!copy) return network;
    const slow = new Promise<Response>((resolve) => setTimeout(() => resolve(copy), PAGE_WAIT_MS));
    return Promise.race([network.catch(() => copy), slow]);
  },
);

// React Router adds ?_routes=… to .data requests; the files are the same. Clean URLs (/schedule) are the keys.
// workbox-build finds `self.__WB_MANIFEST` by its text: keep it written out.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
// A picture at another width (a phone's screen density asks for 960 w or more) comes from the network; offline,
// the precached 640 w copy of the same picture stands in for it rather than a broken image.
const OTHER_WIDTH = /^\/_img\/.+-(\d+)\.avif$/;
registerRoute(
  ({ url }) => url.origin === location.origin && OTHER_WIDTH.test(url.pathname),
  async ({ request, url }) =>
    fetch(request).catch(async (error: unknown) => {
      const phoneCopy = await matchPrecache(url.pathname.replace(/-\d+\.avif$/, "-640.avif"));
      if (phoneCopy) return phoneCopy;
      throw error;
    }),
);
cleanupOutdatedCaches();
// A new build takes over on the visit that finds it (the page then says "updated", quietly).
void (self as unknown as WorkerScope).skipWaiting();
clientsClaim();

/**
 * Alerts (issue 44): a push names the change of a starred session (server/alerts/alerts.ts pushPayload: title,
 * body, the session's page as url); the notification shows it, and a click opens that page (a tab of the site
 * that is open goes there, else a new one).
 */
interface PushScope {
  registration: {
    showNotification(
      title: string,
      options: { body?: string; tag?: string; data?: unknown; icon?: string },
    ): Promise<void>;
  };
  clients: {
    matchAll(options: {
      type: "window";
      includeUncontrolled: boolean;
    }): Promise<{ url: string; focus(): Promise<unknown>; navigate(url: string): Promise<unknown> }[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(
    type: "push",
    listener: (event: { data: { json(): unknown } | null; waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: "notificationclick",
    listener: (event: { notification: { data: unknown; close(): void }; waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
}
const scope = self as unknown as PushScope;
/** Only a page of this site is opened: a path, never another origin. */
const sitePath = (url: unknown) => (typeof url === "string" && /^\/(?!\/)/.test(url) ? url : "/agenda");

scope.addEventListener("push", (event) => {
  let message: { title?: unknown; body?: unknown; url?: unknown; tag?: unknown } = {};
  try {
    message = (event.data?.json() ?? {}) as typeof message;
  } catch {
    message = {};
  }
  const title = typeof message.title === "string" ? message.title : "A session in your agenda changed";
  event.waitUntil(
    scope.registration.showNotification(title, {
      body: typeof message.body === "string" ? message.body : "",
      tag: typeof message.tag === "string" ? message.tag : "session-changes",
      data: { url: sitePath(message.url) },
      icon: "/icon-192.png",
    }),
  );
});

scope.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(sitePath((event.notification.data as { url?: unknown } | null)?.url), location.origin).href;
  event.waitUntil(
    scope.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((w) => new URL(w.url).origin === location.origin);
      if (open)
        return (
          open
            .navigate(target)
            // Focus needs the click's activation; the page has moved either way.
            .then(() => open.focus().catch(() => undefined))
            .catch(() => scope.clients.openWindow(target))
        );
      return scope.clients.openWindow(target);
    }),
  );
});
