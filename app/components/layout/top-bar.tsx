import { Clock, Mail, Phone } from "lucide-react";
import { Link } from "react-router";
import type { ShellData } from "~/lib/shell-data";
import { SocialLinks } from "./social-icon";

export type TopBarVariant = "tagline" | "contact";

export interface TopBarProps {
  variant: TopBarVariant;
  shell: ShellData;
}

/**
 * The optional bar above the header. "tagline": tagline, social links and a Sponsor button to /buy-ticket;
 * "contact": phone, e-mail, open hours and a Sponsor button to /login (the spec's two variants).
 */
export function TopBar({ variant, shell }: TopBarProps) {
  return (
    <div className="hidden h-11 overflow-hidden border-b border-white/10 bg-night text-sm text-lilac md:block">
      <div className="container-page flex h-full items-center justify-between gap-4">
        {variant === "tagline" ? (
          <>
            <p className="m-0 truncate">{shell.tagline}</p>
            <SocialLinks links={shell.social} className="ms-auto" />
          </>
        ) : (
          <ul className="flex items-center gap-x-6 overflow-hidden whitespace-nowrap">
            <li className="flex items-center gap-2">
              <Phone aria-hidden="true" size={16} strokeWidth={1.5} />
              <a href={shell.phoneHref} className="whitespace-nowrap hover:text-gold">
                {shell.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Mail aria-hidden="true" size={16} strokeWidth={1.5} />
              <a href={`mailto:${shell.email}`} className="hover:text-gold">
                {shell.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" size={16} strokeWidth={1.5} />
              <span>Open hours: {shell.hours.header}</span>
            </li>
          </ul>
        )}
        <Link
          to={variant === "tagline" ? "/buy-ticket" : "/login"}
          className="btn btn-primary min-h-9 px-4 py-1.5 text-sm"
        >
          Sponsor our Event
        </Link>
      </div>
    </div>
  );
}
