import { Link } from "react-router";
import { INBOX_KINDS, inboxLabel, isInboxKind, type InboxKind } from "~/forms";

export type Tab =
  | "home"
  | InboxKind
  | "orders"
  | "erasure"
  | "organisers"
  | "content"
  | "publish"
  | "box-office"
  | "announcements"
  | "speakers"
  | "feedback"
  | "shifts"
  | "rota";

const OTHER_TABS: readonly Tab[] = [
  "home",
  "orders",
  "erasure",
  "organisers",
  "content",
  "publish",
  "box-office",
  "announcements",
  "speakers",
  "feedback",
  "shifts",
  "rota",
];
export const isTab = (raw: string): raw is Tab => isInboxKind(raw) || (OTHER_TABS as readonly string[]).includes(raw);

/** Addresses of tabs that were merged into another (issue 61: Attendees is in the one Orders list). */
export const MOVED_TABS: Record<string, Tab> = { attendees: "box-office" };

export interface Counts {
  kinds: Record<string, { total: number; unread: number } | undefined>;
  orders: number;
}

interface Group {
  label: string;
  tabs: readonly [Tab, ...Tab[]];
  /** The name of its second-level nav, when it has more than one tab. */
  nav?: string;
}

/** The inbox's own kinds: people's messages (ticket requests are orders: the Box office's, issue 53). */
const MESSAGE_KINDS = INBOX_KINDS.filter((kind) => kind !== "ticket");

/**
 * The organisers' areas (issue 41): a few groups that fit a phone's screen in one row, each with its own
 * tabs. The box office holds every order: one Orders list for every ticket order (issue 61), sponsor tokens, old
 * ticket requests; the Inbox keeps people's messages.
 */
export const GROUPS: readonly Group[] = [
  { label: "Home", tabs: ["home"] },
  { label: "Inbox", tabs: [MESSAGE_KINDS[0]!, ...MESSAGE_KINDS.slice(1), "erasure"], nav: "Inbox sections" },
  { label: "Content", tabs: ["content", "publish"], nav: "Content sections" },
  {
    label: "People",
    tabs: ["organisers", "speakers", "announcements", "feedback", "shifts", "rota"],
    nav: "People sections",
  },
  { label: "Box office", tabs: ["box-office", "orders", "ticket"], nav: "Box office sections" },
];

const LABELS = {
  home: "Home",
  orders: "Sponsor tokens",
  "box-office": "Orders",
  erasure: "Erase an address",
  organisers: "Organisers",
  content: "Edit",
  publish: "Publish",
  announcements: "Announcements",
  speakers: "Speakers",
  feedback: "Feedback",
  shifts: "Shifts",
  rota: "Rota",
} as const;
export const tabLabel = (tab: Tab): string => (isInboxKind(tab) ? inboxLabel(tab) : LABELS[tab]);

/** A tab's address: `?tab=` on /admin, the editor at /admin/content, the home at /admin itself. */
export const tabHref = (tab: Tab) =>
  tab === "content" ? "/admin/content" : { pathname: "/admin", search: tab === "home" ? "" : `?tab=${tab}` };

const groupOf = (tab: Tab) => GROUPS.find((g) => g.tabs.includes(tab)) ?? GROUPS[0]!;
const unread = (tab: Tab, counts: Counts | null) =>
  tab === "orders" ? counts?.orders : isInboxKind(tab) ? counts?.kinds[tab]?.unread : undefined;

function Count({ n, says }: { n: number | undefined; says: string }) {
  return n ? (
    <span className="rounded-full bg-gold px-2 text-sm text-ink">
      {n}
      <span className="sr-only"> {says}</span>
    </span>
  ) : null;
}

/** The groups (what is waiting in the inbox counted on its own), then the current group's own tabs. */
export function AdminNav({ tab, counts }: { tab: Tab; counts: Counts | null }) {
  const current = groupOf(tab);
  const waiting = MESSAGE_KINDS.reduce((sum, kind) => sum + (counts?.kinds[kind]?.unread ?? 0), 0);
  return (
    <>
      <nav aria-label="Organisers' areas">
        <ul className="flex flex-wrap gap-2">
          {GROUPS.map((group) => {
            const here = group === current;
            return (
              <li key={group.label}>
                <Link
                  to={tabHref(group.tabs[0])}
                  aria-current={here ? (tab === group.tabs[0] ? "page" : "true") : undefined}
                  className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 font-semibold ${
                    here ? "border-ink bg-ink text-paper" : "border-ink/20 hover:border-rose hover:text-rose"
                  }`}
                >
                  {group.label}
                  {group.label === "Inbox" ? <Count n={waiting} says="waiting" /> : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {current.nav ? (
        <nav aria-label={current.nav} className="mt-3 border-b border-ink/15 pb-2">
          <ul className="flex flex-wrap gap-x-1 gap-y-1">
            {current.tabs.map((id) => (
              <li key={id}>
                <Link
                  to={tabHref(id)}
                  aria-current={id === tab ? "page" : undefined}
                  className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-2.5 text-sm font-semibold ${
                    id === tab ? "bg-ink/10 text-ink underline underline-offset-4" : "text-muted hover:text-rose"
                  }`}
                >
                  {tabLabel(id)}
                  <Count
                    n={unread(id, counts)}
                    says={id === "orders" ? "paid" : id === "comment" ? "pending" : "new"}
                  />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </>
  );
}
