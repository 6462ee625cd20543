import { Check, Copy } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";

export interface CopyLinkProps {
  link: string;
  /** The box's label: "Invitation link", "Your calendar link". */
  label: string;
  /** Said once copied: what to do with it next. */
  copied: string;
  /** Move the focus to the link as it appears (just made: the eye goes there). */
  focusOnShow?: boolean;
}

/**
 * A link to pass on (an invitation, a calendar feed): in a box that selects it all when focused, with "Copy link"
 * beside it. Copying says so; when the browser refuses the clipboard, the link is selected and the person is told
 * to copy it by hand. A new link should be a new element (key it by the link), so the focus moves once per link.
 */
export function CopyLink({ link, label, copied: copiedWords, focusOnShow = false }: CopyLinkProps) {
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"yes" | "refused" | null>(null);

  useEffect(() => {
    if (focusOnShow) field.current?.focus();
  }, [focusOnShow]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      setCopied("yes");
    } catch {
      setCopied("refused");
      field.current?.focus();
      field.current?.select();
    }
  }

  return (
    <>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
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
          ? copiedWords
          : copied === "refused"
            ? "This browser did not allow copying. The link is selected: copy it with your device's Copy (Ctrl+C or ⌘C, or a long press on a phone)."
            : null}
      </p>
    </>
  );
}
