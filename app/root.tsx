import { useEffect, useState, type ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { NotFound } from "./components/layout/not-found";
import { Shell } from "./components/layout/shell";
import type { TopBarVariant } from "./components/layout/top-bar";
import { Toasts } from "./components/ui/toasts";
import { shellView } from "./content/views.server";
import { registerOffline } from "./lib/agenda/offline";
import { OfflineNotice } from "./components/layout/offline-notice";
import { isChunkLoadError, reloadOnce } from "./lib/chunk-reload";
import { whenIdle } from "./lib/idle";
import { AFTER_PAINT_SCRIPT, HEADING_FONT_NOSCRIPT } from "./lib/after-paint";
import { PAGE_OPTIONS_SCRIPT } from "./lib/page-options";
import stylesheet from "./styles/app.css?url";

export const links: Route.LinksFunction = () => [
  // No preload of the heading font: it is fetched once the page has painted (lib/after-paint.ts,
  // docs/decisions/035); body text uses the system fonts (docs/decisions/014-fonts.md).
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "alternate", type: "application/atom+xml", title: "TNCC blog", href: "/blog/feed.xml" },
];

export async function loader() {
  return { shell: shellView() };
}

/**
 * A route may ask for the contact top bar with `handle = { topBar: "contact" }`, or for no site header and footer
 * with `handle = { bare: true }` (the door's /checkin: a tool held in one hand, issue 43).
 */
function useRouteHandle(): { topBar: TopBarVariant; bare: boolean } {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { topBar?: TopBarVariant; bare?: boolean } | undefined;
  return { topBar: handle?.topBar ?? "tagline", bare: handle?.bare === true };
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    // `dir` and `data-layout` (the demo options) are set on <html> before first paint by the script below;
    // React never renders them, so it is told not to mind the difference when it hydrates.
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        {/* Demo options (direction, boxed layout) from localStorage, applied before anything paints. */}
        <script dangerouslySetInnerHTML={{ __html: PAGE_OPTIONS_SCRIPT }} />
        {/* The heading font and the page's code wait for the first paint (lib/after-paint.ts). */}
        <script dangerouslySetInnerHTML={{ __html: AFTER_PAINT_SCRIPT }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16123A" />
        <Meta />
        <Links />
        {/* Without JavaScript nothing names the manifest at idle (App below): the parser reads this one then. */}
        {/* And without it the heading font applies from the start. */}
        <noscript>
          <link rel="manifest" href="/manifest.webmanifest" />
          <style>{HEADING_FONT_NOSCRIPT}</style>
        </noscript>
      </head>
      <body>
        {/* Blank start-up screen for 1200 ms (spec); pure CSS, the pre-rendered page sits under it. */}
        <div className="start-screen" aria-hidden="true" />
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { topBar, bare } = useRouteHandle();

  useEffect(() => {
    // Tests (and CSS, if ever needed) can tell a hydrated page from the pre-rendered HTML.
    document.documentElement.dataset.hydrated = "true";
    // A preload of a stale chunk after a deploy: reload once for the new build (see chunk-reload.ts).
    // Offline the chunk is not stale, the network is gone: a reload would show the browser's error page, so
    // the import fails to its caller instead (a form then keeps its submission in the outbox).
    const onPreloadError = (event: Event) => {
      if (!navigator.onLine) return;
      if (reloadOnce({ storage: sessionStorage, reload: () => location.reload(), now: Date.now() })) {
        event.preventDefault();
      }
    };
    window.addEventListener("vite:preloadError", onPreloadError);
    return () => window.removeEventListener("vite:preloadError", onPreloadError);
  }, []);

  useEffect(() => {
    // Field measurements only when an endpoint is configured; otherwise nothing is even downloaded.
    const url = import.meta.env.VITE_VITALS_URL;
    if (!url) return;
    return whenIdle(() => void import("./lib/vitals/report").then(({ startVitals }) => startVitals(url)));
  }, []);

  // The app's manifest comes with its service worker, once the page is idle: named in the HTML, Chromium
  // fetches it and its icon at once, beside the CSS, the heading font and the banner picture, and the first
  // paint waits longer on a slow network (issue 19, docs/decisions/018). React puts the link in <head>.
  const [installable, setInstallable] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        registerOffline();
        setInstallable(true);
      }),
    [],
  );

  return (
    <Shell shell={loaderData.shell} topBar={topBar} bare={bare}>
      {installable && <link rel="manifest" href="/manifest.webmanifest" />}
      <Outlet />
      <Toasts />
      {/* A bare page says itself whether it is online, in its own words and times (the door's, issue 53). */}
      {bare ? null : <OfflineNotice />}
    </Shell>
  );
}

/**
 * What the SPA fallback shows while a browser-only route's code loads (/admin, issue 18); pre-rendered
 * pages never render it.
 */
export function HydrateFallback() {
  return (
    <main id="main" className="section container-page">
      <p>Loading…</p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (chunkError) reloadOnce({ storage: sessionStorage, reload: () => location.reload(), now: Date.now() });
  }, [chunkError]);

  let body: ReactNode;
  if (isRouteErrorResponse(error) && error.status === 404) {
    body = <NotFound />;
  } else if (chunkError) {
    body = (
      <section className="section container-page text-center">
        <h1 className="text-3xl font-semibold">This page could not finish loading</h1>
        <p className="mt-4 text-muted">
          Part of the site did not arrive, perhaps because the connection dropped or the site was just updated.
        </p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => location.reload()}>
          Try again
        </button>
      </section>
    );
  } else {
    const detail = isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : "Unknown error";
    body = (
      <section className="section container-page">
        <h1 className="text-3xl font-semibold">Unexpected Application Error!</h1>
        <p className="mt-4 font-mono text-muted">{detail}</p>
      </section>
    );
  }

  return rootData ? (
    <Shell shell={rootData.shell} topBar="tagline">
      {body}
    </Shell>
  ) : (
    <main id="main">{body}</main>
  );
}
