import type { ReactNode } from "react";
import { Link } from "react-router";

export interface RegisterLinkProps {
  /** The external ticketing page, if content names one (site.yaml `registrationUrl`). */
  url?: string;
  className?: string;
  /** Shown after the words for an external page only (an "opens elsewhere" icon). */
  externalIcon?: ReactNode;
  onClick?: () => void;
  children: ReactNode;
}

/** Where tickets are sold when content names no external ticketing page: this site's own form. */
export const BUY_TICKET_PATH = "/buy-ticket";

/**
 * A "Register" / "Click to Register" button (issue 53): this site's /buy-ticket, or the external ticketing page
 * content names, opened in a new tab and said so.
 */
export function RegisterLink({ url, className, externalIcon, onClick, children }: RegisterLinkProps) {
  if (!url)
    return (
      <Link to={BUY_TICKET_PATH} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  return (
    <a href={url} target="_blank" rel="noopener" className={className} onClick={onClick}>
      {children}
      {externalIcon}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
