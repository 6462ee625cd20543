import type { ShellData } from "~/lib/shell-data";

type Network = ShellData["social"][number]["network"];

const paths: Record<Network, string> = {
  facebook: "M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.6c0-.4.2-.6.6-.6Z",
  instagram:
    "M12 7.5a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9Zm0 7.4a2.9 2.9 0 1 1 0-5.8 2.9 2.9 0 0 1 0 5.8ZM17.3 5.6a1.1 1.1 0 1 0 0 2.2 1.1 1.1 0 0 0 0-2.2ZM7.5 3h9A4.5 4.5 0 0 1 21 7.5v9a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 16.5v-9A4.5 4.5 0 0 1 7.5 3Zm0 1.6a2.9 2.9 0 0 0-2.9 2.9v9a2.9 2.9 0 0 0 2.9 2.9h9a2.9 2.9 0 0 0 2.9-2.9v-9a2.9 2.9 0 0 0-2.9-2.9h-9Z",
  youtube:
    "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3L10 15Z",
  x: "M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L2 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z",
};

const labels: Record<Network, string> = { facebook: "Facebook", instagram: "Instagram", youtube: "YouTube", x: "X" };

export interface SocialLinksProps {
  links: ShellData["social"];
  className?: string;
}

/** Icon-only links to the event's social pages, each named for screen readers. */
export function SocialLinks({ links, className = "" }: SocialLinksProps) {
  return (
    <ul className={`flex items-center gap-1 ${className}`}>
      {links.map((link) => (
        <li key={link.network}>
          <a
            href={link.href}
            rel="noopener noreferrer"
            target="_blank"
            className="inline-flex size-9 items-center justify-center rounded-full hover:text-gold"
          >
            <svg viewBox="0 0 24 24" width="18" height="18" fill="currentColor" aria-hidden="true">
              <path d={paths[link.network]} />
            </svg>
            <span className="sr-only">{`${labels[link.network]} (opens in a new tab)`}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
