import { AdminPage } from "~/components/admin/admin-page";

/**
 * /admin: the organisers' area (issue 18), opening on what needs attention (issue 41). Not pre-rendered: the server answers /admin with the SPA
 * fallback and this route renders in the browser; its code loads only here. Never indexed.
 */
export const meta = () => [{ title: "Organisers | TNCC" }, { name: "robots", content: "noindex, nofollow" }];

/** Shown while the area's code loads (the SPA fallback has no pre-rendered content for this route). */
export function HydrateFallback() {
  return <p className="container-page py-10">Loading the organisers' area…</p>;
}

export default function Admin() {
  return <AdminPage />;
}
