import { AdminPage } from "~/components/admin/admin-page";

/**
 * /admin: the organisers' inbox (issue 18). Not pre-rendered: the server answers /admin with the SPA
 * fallback and this route renders in the browser; its code loads only here. Never indexed.
 */
export const meta = () => [{ title: "Inbox | TNCC" }, { name: "robots", content: "noindex, nofollow" }];

/** Shown while the inbox's code loads (the SPA fallback has no pre-rendered content for this route). */
export function HydrateFallback() {
  return <p className="container-page py-10">Loading the inbox…</p>;
}

export default function Admin() {
  return <AdminPage />;
}
