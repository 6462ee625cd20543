import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { CopyLink } from "~/components/ui/copy-link";
import * as api from "~/api/admin/shifts";
import { callAdmin } from "~/lib/admin/api";

/**
 * "Add my shifts to my calendar": a private feed link (made on request; a new one replaces the old, which then
 * works no more), to copy into a calendar app, or to open as webcal:// on a phone.
 */
export function CalendarLink() {
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  async function make() {
    const res = await callAdmin(api.newCalendarLink);
    if (res.ok) {
      setError(null);
      setLink(res.data.url);
    } else setError(res.error);
  }
  return (
    <div className="mt-3">
      <p>
        Your calendar app can follow your shifts: a shift you take is added, one you give back goes. The link is yours
        alone; making a new one stops the old one.
      </p>
      <button type="button" className="btn btn-outline mt-3" onClick={() => void make()}>
        <CalendarPlus aria-hidden="true" className="size-5" />
        {link ? "Make a new link" : "Make my calendar link"}
      </button>
      <p role="alert" className="mt-2 font-semibold text-rose empty:hidden">
        {error}
      </p>
      {link ? (
        <div className="mt-3">
          <CopyLink
            key={link}
            link={link}
            label="Your calendar link"
            copied="Copied: in your calendar app, add a calendar “from the internet” (subscribe) and paste it."
            focusOnShow
          />
          <p className="mt-2">
            <a className="font-semibold underline" href={link.replace(/^https?:/, "webcal:")}>
              Open it in my phone's calendar
            </a>
          </p>
        </div>
      ) : null}
    </div>
  );
}
