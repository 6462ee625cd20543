import { Smartphone } from "lucide-react";
import type { AppStore, Pages } from "~/content/schemas";
import { SectionTitle } from "../ui/section-title";

export type AppDownloadProps = Pages["conference"]["appDownload"];

const STORES: Record<AppStore, { name: string; line: string; path: string }> = {
  appStore: {
    name: "App Store",
    line: "Download on the",
    path: "M16.4 12.6c0-2.4 2-3.6 2.1-3.7a4.6 4.6 0 0 0-3.6-2c-1.5-.2-3 .9-3.8.9-.8 0-2-.9-3.3-.8a4.9 4.9 0 0 0-4.1 2.5c-1.8 3.1-.5 7.6 1.2 10.1.9 1.2 1.9 2.6 3.2 2.5 1.3-.1 1.8-.8 3.3-.8 1.6 0 2 .8 3.4.8 1.4 0 2.3-1.2 3.1-2.5a11 11 0 0 0 1.4-2.9 4.4 4.4 0 0 1-2.9-4.1ZM13.9 5.3A4.4 4.4 0 0 0 15 2a4.5 4.5 0 0 0-2.9 1.5 4.2 4.2 0 0 0-1.1 3.2 3.7 3.7 0 0 0 2.9-1.4Z",
  },
  googlePlay: {
    name: "Google Play",
    line: "Get it on",
    path: "M3.6 2.3 13.4 12l-9.8 9.7c-.4-.2-.6-.6-.6-1.1V3.4c0-.5.2-.9.6-1.1Zm10.6 10.5 2.5 2.5-11.4 6.5 8.9-9Zm3.4-3.4 3 1.7c.8.5.8 1.3 0 1.8l-3 1.7-2.7-2.6 2.7-2.6ZM5.3 2.2l11.4 6.5-2.5 2.5-8.9-9Z",
  },
};

/** The event app: a few words and a badge per app store (external links). */
export function AppDownload({ eyebrow, title, text, links }: AppDownloadProps) {
  return (
    <section aria-labelledby="app-title" className="section bg-mist">
      <div className="container-page grid items-center gap-10 md:grid-cols-[1fr_auto]">
        <div>
          <SectionTitle id="app-title" eyebrow={eyebrow} title={title} lead={text} align="start" />
          <ul className="mt-8 flex flex-wrap gap-3">
            {links.map((link) => {
              const store = STORES[link.store];
              return (
                <li key={link.store}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-14 items-center gap-3 rounded-xl bg-ink px-5 py-2 text-paper hover:bg-night"
                  >
                    <svg viewBox="0 0 24 24" width="26" height="26" fill="currentColor" aria-hidden="true">
                      <path d={store.path} />
                    </svg>
                    <span className="text-start leading-tight">
                      <span className="block text-xs">{store.line}</span>
                      <span className="block text-lg font-semibold">{store.name}</span>
                    </span>
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
        <div
          aria-hidden="true"
          className="mx-auto hidden size-56 items-center justify-center rounded-[2.5rem] bg-night text-gold shadow-soft md:flex"
        >
          <Smartphone size={96} strokeWidth={1} />
        </div>
      </div>
    </section>
  );
}
