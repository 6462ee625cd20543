import { Clock, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { later } from "../ui/later";
import type { ShellData } from "~/lib/shell-data";
import { SocialLinks } from "./social-icon";

/** The newsletter box at the foot of every page: hydrated once its code arrives (issue 52, ../ui/later.tsx). */
const NewsletterForm = later(() => import("../forms/newsletter-form").then((m) => m.NewsletterForm));

export interface FooterProps {
  shell: ShellData;
}

/** Footer: business hours, phone, address, and the footer nav (Services and Projects have no target). */
export function Footer({ shell }: FooterProps) {
  return (
    <footer className="on-dark bg-night text-lilac print:hidden">
      <div className="container-page grid gap-10 py-14 md:grid-cols-3">
        <div>
          <p className="font-serif text-2xl text-paper">{shell.eventTitle}</p>
          <p className="mt-3 max-w-xs">{shell.tagline}</p>
          <SocialLinks links={shell.social} className="mt-4 -ms-2 text-paper" />
        </div>
        <address className="space-y-3 not-italic">
          <p className="flex gap-3">
            <Clock aria-hidden="true" className="mt-1 shrink-0 text-gold" size={18} strokeWidth={1.5} />
            <span>{shell.hours.footer}</span>
          </p>
          <p className="flex gap-3">
            <Phone aria-hidden="true" className="mt-1 shrink-0 text-gold" size={18} strokeWidth={1.5} />
            <a href={shell.phoneHref} className="whitespace-nowrap hover:text-gold">
              {shell.phone}
            </a>
          </p>
          <p className="flex gap-3">
            <MapPin aria-hidden="true" className="mt-1 shrink-0 text-gold" size={18} strokeWidth={1.5} />
            <span>{shell.address}</span>
          </p>
        </address>
        <nav aria-label="Footer">
          <ul className="space-y-2">
            {shell.footerNav.map((item) => (
              <li key={item.label}>
                {item.href ? (
                  <Link to={item.href} className="hover:text-gold">
                    {item.label}
                  </Link>
                ) : (
                  <span>{item.label}</span>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="container-page pb-12">
        <NewsletterForm />
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-sm">© {shell.year} TNCC. All rights reserved.</p>
      </div>
    </footer>
  );
}
