import { useState } from "react";
import { QrCode } from "./qr-code";

/**
 * A link to take elsewhere (the agenda's share link, a kept agenda's private link): read-only and selected on
 * focus, a copy button that says when it copied, and the link's QR code for a phone's camera.
 */
export function CopyLink({ id, label, value, qrLabel }: { id: string; label: string; value: string; qrLabel: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <>
      <label className="mt-4 block text-sm font-semibold" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        readOnly
        value={value}
        data-autofocus
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full rounded border border-ink/20 px-3 py-2"
      />
      <button type="button" onClick={() => void copy()} className="btn btn-primary mt-3">
        Copy link
      </button>
      <p role="status" className="mt-2 min-h-6 text-sm">
        {copied ? "Link copied." : ""}
      </p>
      <QrCode value={value} label={qrLabel} />
    </>
  );
}
