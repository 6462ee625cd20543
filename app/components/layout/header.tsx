import { Menu, Search } from "lucide-react";
import { useState } from "react";
import { NavLink } from "react-router";
import { useScrolledPast } from "~/lib/hooks/use-scrolled-past";
import { Logo } from "./logo";
import { MobileMenu, SearchDialog } from "./dialogs";
import { PagesMenu } from "./pages-menu";
import { RegisterLink } from "../ui/register-link";
import { sectionLinks, type ShellData } from "~/lib/shell-data";
import { TopBar, type TopBarVariant } from "./top-bar";

export const STICKY_THRESHOLD_PX = 5;

export interface HeaderProps {
  shell: ShellData;
  topBar: TopBarVariant;
  menuOpen: boolean;
  onMenuOpenChange: (open: boolean) => void;
}

/**
 * Main header: top bar, logo, menu, search, registration; sticky style once the page scrolls past 5 px.
 * The whole header sticks with a negative top equal to the top bar's height, so the top bar scrolls away
 * and the main bar stays (the top bar is only shown from the md breakpoint, where it is 2.75rem tall).
 */
export function Header({ shell, topBar, menuOpen, onMenuOpenChange }: HeaderProps) {
  const sticky = useScrolledPast(STICKY_THRESHOLD_PX);
  const [searchOpen, setSearchOpen] = useState(false);

  return (
    <header
      data-sticky={sticky}
      className={`sticky top-0 z-40 text-paper md:-top-11 print:hidden transition-[background-color,box-shadow] duration-200 ${
        sticky ? "bg-night/95 shadow-soft backdrop-blur" : "bg-night"
      }`}
    >
      <TopBar variant={topBar} shell={shell} />
      {/* Same height in both styles: a shrinking header would move the page under the reader (and jitter). */}
      <div className="container-page flex min-h-18 items-center gap-4">
        <Logo />
        <nav aria-label="Main" className="ms-auto hidden lg:block">
          <ul className="flex items-center gap-1">
            {sectionLinks.map((link) => (
              <li key={link.label}>
                <NavLink to={link.href ?? "/"} className="rounded px-3 py-2 font-medium hover:text-gold">
                  {link.label}
                </NavLink>
              </li>
            ))}
            <li>
              <PagesMenu />
            </li>
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-2 lg:ms-2">
          <button
            type="button"
            onClick={() => setSearchOpen(true)}
            data-needs-js
            className="inline-flex size-11 items-center justify-center rounded-full hover:text-gold"
            aria-haspopup="dialog"
          >
            <Search aria-hidden="true" size={22} strokeWidth={1.5} />
            <span className="sr-only">Search</span>
          </button>
          <RegisterLink url={shell.registrationUrl} className="btn btn-primary hidden sm:inline-flex">
            Register
          </RegisterLink>
          <button
            type="button"
            onClick={() => onMenuOpenChange(true)}
            data-needs-js
            className="inline-flex size-11 items-center justify-center rounded-full hover:text-gold lg:hidden"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
          >
            <Menu aria-hidden="true" size={26} strokeWidth={1.5} />
            <span className="sr-only">Open menu</span>
          </button>
        </div>
      </div>
      <MobileMenu shell={shell} open={menuOpen} onClose={() => onMenuOpenChange(false)} />
      <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} keywords={shell.searchKeywords} />
    </header>
  );
}
