import type { ShellData } from "~/components/layout/shell-data";
import { getSite } from "./content.server";

/** What every page's header and footer show, taken from site.yaml (the root loader returns it). */
export function getShellData(): ShellData {
  const site = getSite();
  return {
    eventTitle: site.title,
    year: Number(site.dates.start.slice(0, 4)),
    tagline: site.tagline,
    registrationUrl: site.registrationUrl,
    phone: site.contact.phone,
    phoneHref: site.contact.phoneHref,
    email: site.contact.email,
    address: site.contact.address.text,
    hours: site.hours,
    social: site.social.map(({ network, url }) => ({ network, href: url })),
    searchKeywords: site.searchKeywords,
    footerNav: site.footerNav,
  };
}
