import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { inboxLabel, isInboxKind } from "~/forms";
import * as inbox from "~/api/admin/inbox";
import { signOut as endSession } from "~/api/admin/accounts";
import type { SubmissionRow } from "~/api/admin/inbox";
import { moderationSchema, statusSchema } from "~/forms/admin";
import { callAdmin } from "~/lib/admin/api";
import type { AnswerOf } from "~/lib/admin/route";
import { AnnouncementsPanel } from "./announcements/announcements-panel";
import { BoxOfficePanel } from "./box-office/box-office-panel";
import { ErasureForm } from "./inbox/erasure-form";
import { FeedbackPanel } from "./feedback/feedback-panel";
import { RotaPanel } from "./shifts/rota-panel";
import { ShiftsPanel } from "./shifts/shifts-panel";
import { AdminNav, isTab, MOVED_TABS, tabLabel, type Counts, type Tab } from "./admin-nav";
import { HomeView } from "./home-view";
import { OrdersPanel } from "./box-office/orders-panel";
import { OrganisersPanel } from "./people/organisers-panel";
import { PublishPanel } from "./publish/publish-panel";
import { SpeakersPanel } from "./people/speakers-panel";
import { listQuery, SearchForm } from "./inbox/search-form";
import { SubmissionDetail } from "./inbox/submission-detail";
import { SubmissionList } from "./inbox/submission-list";
import type { Who } from "./who";

/** The content editor (and its YAML parser) loads only when /admin/content is opened. */
const ContentEditor = lazy(() => import("./content/content-editor").then((m) => ({ default: m.ContentEditor })));

type View =
  | { kind: "list"; list: AnswerOf<typeof inbox.listSubmissions> }
  | { kind: "one"; row: SubmissionRow }
  | { kind: "orders"; orders: AnswerOf<typeof inbox.listOrders> }
  | { kind: "none" };

/**
 * The signed-in organisers' area: what to show is all in the URL (?tab=&page=&q=&status=&from=&to=&id=);
 * without a tab, the home (what needs attention).
 */
export function AdminArea({
  who,
  onSignedOut,
  section,
}: {
  who: Who;
  onSignedOut: (message?: string) => void;
  /** A section with an address of its own (/admin/content) instead of ?tab=. */
  section?: Tab;
}) {
  const [params] = useSearchParams();
  const asked = section ?? params.get("tab") ?? "home";
  const raw = MOVED_TABS[asked] ?? asked;
  const tab: Tab = isTab(raw) ? raw : "home";
  const id = params.get("id");
  const [counts, setCounts] = useState<Counts | null>(null);
  const [view, setView] = useState<View>({ kind: "none" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const search = params.toString();

  const fail = useCallback(
    (status: number, message: string) =>
      status === 401 ? onSignedOut("Your session ended: please sign in again.") : setError(message),
    [onSignedOut],
  );

  useEffect(() => {
    let live = true;
    void callAdmin(inbox.inboxCounts).then((res) => live && res.ok && setCounts(res.data));
    setError(null);
    const load = async (): Promise<View | null> => {
      if (!isInboxKind(tab) && tab !== "orders") return { kind: "none" };
      if (tab === "orders") {
        const orders = await callAdmin(inbox.listOrders, { query: { page: params.get("page") ?? undefined } });
        if (!orders.ok) return (fail(orders.status, orders.error), null);
        return { kind: "orders", orders: orders.data };
      }
      if (id) {
        const one = await callAdmin(inbox.showSubmission, { params: { id } });
        return one.ok ? { kind: "one", row: one.data } : (fail(one.status, one.error), null);
      }
      const list = await callAdmin(inbox.listSubmissions, { query: listQuery(tab, params) });
      return list.ok ? { kind: "list", list: list.data } : (fail(list.status, list.error), null);
    };
    void load().then((next) => live && next && setView(next));
    return () => {
      live = false;
    };
    // `search` stands for params; `version` reloads after a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, version]);

  /** A comment's statuses are moderation's, a submission's handled or new; null deletes a comment. */
  function changeRequest(row: SubmissionRow, status: string | null) {
    const params = { id: row.id };
    if (status === null) return callAdmin(inbox.deleteComment, { params });
    if (row.kind === "comment") {
      const moderated = moderationSchema.shape.status.safeParse(status);
      return moderated.success ? callAdmin(inbox.setCommentStatus, { params, body: { status: moderated.data } }) : null;
    }
    const handled = statusSchema.shape.status.safeParse(status);
    return handled.success ? callAdmin(inbox.setSubmissionStatus, { params, body: { status: handled.data } }) : null;
  }

  async function change(row: SubmissionRow, status: string | null) {
    const request = changeRequest(row, status);
    if (!request) return;
    setBusy(true);
    const res = await request;
    setBusy(false);
    if (!res.ok) return fail(res.status, res.error);
    if (status === null) setView({ kind: "none" });
    setVersion((v) => v + 1);
  }

  async function signOut() {
    await callAdmin(endSession);
    onSignedOut("You are signed out.");
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p>
          Signed in as <strong>{who.name ?? who.email}</strong>
        </p>
        <button type="button" className="btn btn-outline" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
      <div className="mt-6">
        <AdminNav tab={tab} counts={counts} />
      </div>
      {/* A list is named here; every other section (home, editor, publish, organisers, erasure) heads itself. */}
      {isInboxKind(tab) || tab === "orders" ? <h2 className="sr-only">{tabLabel(tab)}</h2> : null}
      {isInboxKind(tab) && !id ? (
        <div className="mt-6 flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0 flex-1">
            <SearchForm key={`${tab}?${search}`} kind={tab} />
          </div>
          <a className="font-semibold underline underline-offset-4" href={`/api/admin/export/${tab}`} download>
            Export CSV<span className="sr-only"> of {inboxLabel(tab)}</span>
          </a>
        </div>
      ) : null}
      <p role="alert" className="mt-4 font-semibold text-rose empty:hidden">
        {error}
      </p>
      {tab === "home" ? <HomeView fail={fail} /> : null}
      {tab === "erasure" ? <ErasureForm onErased={() => setVersion((v) => v + 1)} /> : null}
      {tab === "organisers" ? <OrganisersPanel fail={fail} onSignedOut={onSignedOut} /> : null}
      {tab === "content" ? (
        <Suspense fallback={<p className="mt-8">Loading the editor…</p>}>
          <ContentEditor fail={fail} />
        </Suspense>
      ) : null}
      {tab === "publish" ? <PublishPanel fail={fail} /> : null}
      {tab === "box-office" ? <BoxOfficePanel fail={fail} /> : null}
      {tab === "speakers" ? <SpeakersPanel fail={fail} /> : null}
      {tab === "announcements" ? <AnnouncementsPanel who={who.email} fail={fail} /> : null}
      {tab === "feedback" ? <FeedbackPanel fail={fail} /> : null}
      {tab === "shifts" ? <ShiftsPanel fail={fail} /> : null}
      {tab === "rota" ? <RotaPanel fail={fail} /> : null}
      {view.kind === "list" && isInboxKind(tab) && !id ? (
        <SubmissionList
          key={search}
          list={view.list}
          label={inboxLabel(tab)}
          kind={tab}
          fail={fail}
          onChanged={() => setVersion((v) => v + 1)}
        />
      ) : null}
      {view.kind === "one" && id ? (
        <SubmissionDetail row={view.row} busy={busy} onChange={(s) => void change(view.row, s)} />
      ) : null}
      {view.kind === "orders" && tab === "orders" ? <OrdersPanel orders={view.orders} /> : null}
    </>
  );
}
