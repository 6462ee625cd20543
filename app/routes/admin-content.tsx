import { AdminPage } from "~/components/admin/admin-page";

/**
 * /admin/content: the organisers' content editor (issue 30), behind the inbox's sign-in. Rendered in the
 * browser only, like /admin (the server answers with the SPA fallback); never indexed.
 */
export const meta = () => [{ title: "Content | TNCC" }, { name: "robots", content: "noindex, nofollow" }];

export function HydrateFallback() {
  return <p className="container-page py-10">Loading the editor…</p>;
}

export default function AdminContent() {
  return <AdminPage section="content" />;
}
