import { CheckinPage } from "~/components/door/checkin-page";

/**
 * /checkin (issue 43): the door page a volunteer opens on their own phone. Rendered in the browser only (the SPA
 * fallback, like /admin and /tickets); the offline worker keeps its shell and code, and the page keeps the
 * attendee list in IndexedDB, so it checks tickets in without a network. Never indexed.
 */
export const meta = () => [{ title: "Check-in | TNCC" }, { name: "robots", content: "noindex, nofollow" }];

/** No site header or footer: the camera at the top of the screen, every control the door's own. */
export const handle = { bare: true };

export function HydrateFallback() {
  return <p className="container-page py-10">Loading the check-in…</p>;
}

export default function Checkin() {
  return <CheckinPage />;
}
