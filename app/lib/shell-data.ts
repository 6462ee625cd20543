/** What the header and footer need from the content (built once in the root loader). */
export interface ShellLink {
  label: string;
  /** Absent when the template lists the item without a target (footer Services, Projects). */
  href?: string;
}

export interface ShellData {
  /** The event's time zone (site.yaml), the one every time an organiser, volunteer or buyer reads is in. */
  timeZone: string;
  eventTitle: string;
  /** Year of the event, for the copyright line. */
  year: number;
  tagline: string;
  /** The external ticketing page, if content names one; else "Register" leads to /buy-ticket. */
  registrationUrl?: string;
  phone: string;
  /** "tel:+15550102024" */
  phoneHref: string;
  email: string;
  address: string;
  hours: { header: string; footer: string; support: string };
  social: { network: "facebook" | "instagram" | "youtube" | "x"; href: string }[];
  /** The search popup's fixed "recent keywords". */
  searchKeywords: string[];
  footerNav: ShellLink[];
}

/** Menu items of the main navigation: sections of the home page (issue 3 scrolls to them). */
export const sectionLinks: ShellLink[] = [
  { label: "Home", href: "/home#home" },
  { label: "About", href: "/home#about" },
  { label: "Speakers", href: "/home#speakers" },
  { label: "Schedule", href: "/home#schedule" },
  { label: "Nets of prayer Event", href: "/home#nets-of-prayer" },
];

/** The other pages, under "Pages" in the menu. */
export const pageLinks: ShellLink[] = [
  { label: "About Us", href: "/about-us" },
  { label: "Speakers", href: "/speakers" },
  { label: "Schedule", href: "/schedule" },
  { label: "Pricing", href: "/pricing" },
  { label: "Buy Ticket", href: "/buy-ticket" },
  { label: "Gallery", href: "/gallery" },
  { label: "FAQs", href: "/faqs" },
  { label: "Blog", href: "/blog-grid" },
  { label: "Contact", href: "/contact" },
];
