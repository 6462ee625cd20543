import { Link } from "react-router";
import { ModalDialog } from "../ui/modal-dialog";
import { RegisterLink } from "../ui/register-link";
import { pageLinks, sectionLinks, type ShellData } from "~/lib/shell-data";
import { SocialLinks } from "./social-icon";

export interface MobileMenuProps {
  shell: ShellData;
  open: boolean;
  onClose: () => void;
}

const sectionNames = new Set(sectionLinks.map((link) => link.label));

/** The phone menu: a side panel with every link, the registration button and contact details. */
export function MobileMenu({ shell, open, onClose }: MobileMenuProps) {
  const linkClass = "block rounded px-2 py-2.5 text-lg hover:bg-white/10 hover:text-gold";
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      label="Menu"
      closeLabel="Close menu"
      className="m-0 ms-auto h-dvh max-h-none w-[min(22rem,100vw)] max-w-none bg-night p-6 pt-16 text-paper"
    >
      <nav aria-label="Mobile">
        <ul>
          {sectionLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.href ?? "/"} className={linkClass} onClick={onClose}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        {/* Grouped as in the desktop menu; a page that shares a home section's name says "page" to a screen reader. */}
        <h2 className="mt-4 border-t border-white/15 px-2 pt-4 text-sm font-semibold tracking-[0.12em] text-lilac uppercase">
          Pages
        </h2>
        <ul>
          {pageLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.href ?? "/"} className={linkClass} onClick={onClose}>
                {link.label}
                {sectionNames.has(link.label) && <span className="sr-only"> page</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <RegisterLink
        url={shell.registrationUrl}
        className="btn btn-primary mt-6 w-full"
        onClick={shell.registrationUrl ? undefined : onClose}
      >
        Register
      </RegisterLink>
      <div className="mt-6 space-y-1 text-sm text-lilac">
        <p>
          <a href={shell.phoneHref} className="whitespace-nowrap">
            {shell.phone}
          </a>
        </p>
        <p>
          <a href={`mailto:${shell.email}`}>{shell.email}</a>
        </p>
        <p>Open hours: {shell.hours.header}</p>
      </div>
      <SocialLinks links={shell.social} className="mt-4 text-paper" />
    </ModalDialog>
  );
}
