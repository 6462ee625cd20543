import { Link } from "react-router";
import { INBOX_KINDS, inboxLabel } from "~/forms";

export type Tab = (typeof INBOX_KINDS)[number] | "orders" | "erasure" | "organisers" | "content" | "publish";

export interface Counts {
  kinds: Record<string, { total: number; unread: number } | undefined>;
  orders: number;
}

/** One link per form with its count of new (or pending) submissions, then orders, erasure, organisers and publishing. */
export function InboxNav({ tab, counts }: { tab: Tab; counts: Counts | null }) {
  const tabs: [Tab, string, number | undefined][] = [
    ...INBOX_KINDS.map((kind): [Tab, string, number | undefined] => [
      kind,
      inboxLabel(kind),
      counts?.kinds[kind]?.unread,
    ]),
    ["orders", "Orders", counts?.orders],
    ["erasure", "Erase an address", undefined],
    ["organisers", "Organisers", undefined],
    ["content", "Content", undefined],
    ["publish", "Publish", undefined],
  ];
  return (
    <nav aria-label="Inbox sections">
      <ul className="flex flex-wrap gap-2">
        {tabs.map(([id, label, count]) => (
          <li key={id}>
            <Link
              to={id === "content" ? "/admin/content" : { pathname: "/admin", search: `?tab=${id}` }}
              aria-current={id === tab ? "page" : undefined}
              className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold ${
                id === tab ? "border-ink bg-ink text-paper" : "border-ink/20 hover:border-rose hover:text-rose"
              }`}
            >
              {label}
              {count ? (
                <span className="rounded-full bg-gold px-2 text-sm text-ink">
                  {count}
                  <span className="sr-only">{id === "orders" ? " paid" : id === "comment" ? " pending" : " new"}</span>
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
