import { CalendarPlus, Check, Copy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { adminApi } from "~/lib/admin/api";

/**
 * "Add my shifts to my calendar": a private feed link (made on request; a new one replaces the old, which then
 * works no more), to copy into a calendar app, or to open as webcal:// on a phone.
 */
export function CalendarLink() {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<"yes" | "refused" | null>(null);
  useEffect(() => {
    if (link) field.current?.focus();
  }, [link]);
  async function make() {
    const res = await adminApi<{ url: string }>("/volunteer/calendar", { method: "POST" });
    setCopied(null);
    if (res.ok) {
      setError(null);
      setLink(res.data.url);
    } else setError(res.error);
  }
  async function copy() {
    try {
      await navigator.clipboard.writeText(link!);
      setCopied("yes");
    } catch {
      setCopied("refused");
      field.current?.focus();
      field.current?.select();
    }
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
          <label htmlFor={id} className="mb-1.5 block font-semibold">
            Your calendar link
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <input
              ref={field}
              id={id}
              readOnly
              value={link}
              onFocus={(event) => event.currentTarget.select()}
              className="min-h-12 min-w-0 flex-1 basis-60 rounded-xl border border-ink/15 bg-paper px-4 py-2.5 font-mono text-sm text-ink focus:border-gold"
            />
            <button type="button" className="btn btn-outline" onClick={() => void copy()}>
              {copied === "yes" ? (
                <Check aria-hidden="true" className="size-5" />
              ) : (
                <Copy aria-hidden="true" className="size-5" />
              )}
              Copy link
            </button>
          </div>
          <p role="status" className="mt-2 font-semibold empty:hidden">
            {copied === "yes"
              ? "Copied: in your calendar app, add a calendar “from the internet” (subscribe) and paste it."
              : copied === "refused"
                ? "This browser did not allow copying. The link is selected: copy it with your device's Copy (a long press on a phone)."
                : null}
          </p>
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
