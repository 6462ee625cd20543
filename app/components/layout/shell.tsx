import { useState, type ReactNode } from "react";
import { AnnouncementSlot } from "./announcement-slot";
import { Footer } from "./footer";
import { Header } from "./header";
import { ScrollUp } from "./scroll-up";
import type { ShellData } from "~/lib/shell-data";
import type { TopBarVariant } from "./top-bar";

export interface ShellProps {
  shell: ShellData;
  topBar: TopBarVariant;
  /** Only the page: no top bar, header, footer or scroll-up button (a route's `handle = { bare: true }`). */
  bare?: boolean;
  children: ReactNode;
}

/** The page wrapper every page shares: announcement, top bar, header, main content, footer, scroll-up button. */
export function Shell({ shell, topBar, bare = false, children }: ShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  if (bare)
    return (
      <div className="page-wrapper">
        <main id="main" tabIndex={-1} className="outline-none">
          {children}
        </main>
      </div>
    );
  return (
    // Opening the mobile menu puts the wrapper in the template's "no colour palette" mode.
    <div className={menuOpen ? "page-wrapper no-colour-palette" : "page-wrapper"}>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-gold px-4 py-2 text-ink focus:not-sr-only focus:fixed focus:start-3 focus:top-3"
      >
        Skip to content
      </a>
      <AnnouncementSlot />
      <Header shell={shell} topBar={topBar} menuOpen={menuOpen} onMenuOpenChange={setMenuOpen} />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer shell={shell} />
      <ScrollUp />
    </div>
  );
}
