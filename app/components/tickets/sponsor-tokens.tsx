import { Check } from "lucide-react";
import { useState, type FormEvent } from "react";
import { CHECKOUT_UNAVAILABLE_ID as UNAVAILABLE_ID } from "~/lib/urls";
import { showToast } from "~/lib/toast";
import type { SponsorToken } from "~/content/schemas";
import { ContentIcon } from "../ui/content-icon";
import { SectionTitle } from "../ui/section-title";
import { formatPrice } from "./ticket-plans";

export type SponsorTokenCard = Pick<
  SponsorToken,
  "id" | "icon" | "title" | "cost" | "currency" | "features" | "buttonText" | "paymentLink"
>;

export interface SponsorTokensProps {
  tokens: SponsorTokenCard[];
  /** Whom to contact when online payment is unavailable. */
  contact: { email: string; phone: string };
  /** Section background; the conference home alternates. */
  className?: string;
}

/**
 * The ten 'SPONS0R Token' price cards (id `tokens`). BUY goes to the payment provider's hosted checkout:
 * a token with a Payment Link links there; otherwise the card's form asks our server (`POST /api/checkout`)
 * for a Checkout Session and the browser follows it. Any failure is shown, never only logged.
 */
export function SponsorTokens({ tokens, contact, className = "bg-paper" }: SponsorTokensProps) {
  const unavailable = `Online payment is unavailable right now. Please contact us at ${contact.email} or ${contact.phone}.`;
  return (
    <section id="tokens" aria-labelledby="tokens-title" className={`section ${className}`}>
      <div className="container-page">
        <SectionTitle
          id="tokens-title"
          eyebrow="Give"
          title="Sponsor the conference"
          lead="Every token helps bring the Wrapped in Grace Conference to more people."
        />
        <p id={UNAVAILABLE_ID} role="alert" className="form-sent mx-auto max-w-2xl text-center text-rose">
          {unavailable}
        </p>
        <ul className="mt-12 grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-3 xl:grid-cols-5">
          {tokens.map((token) => (
            <TokenCard key={token.id} token={token} unavailable={unavailable} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function TokenCard({ token, unavailable }: { token: SponsorTokenCard; unavailable: string }) {
  const [busy, setBusy] = useState(false);
  const price = formatPrice(token.cost, token.currency);
  const label = `${token.buttonText}: ${token.title} ${price}`;

  const buy = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch("/api/checkout", {
        method: "POST",
        headers: { Accept: "application/json" },
        body: new URLSearchParams({ token: String(token.id) }),
      });
      const answer = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (response.ok && answer.url) {
        window.location.assign(answer.url);
        return;
      }
      void showToast("error", answer.error ?? unavailable);
    } catch {
      void showToast("error", unavailable);
    }
    setBusy(false);
  };

  return (
    <li className="flex flex-col rounded-[var(--radius-card)] border border-night/10 bg-paper p-4 text-center shadow-soft sm:p-6">
      <span className="mx-auto inline-flex size-12 items-center justify-center rounded-full bg-night text-gold">
        <ContentIcon name={token.icon} size={24} />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{token.title}</h3>
      <p className="mt-2 font-serif text-3xl font-semibold text-night">{price}</p>
      <ul className="mt-5 flex-1 space-y-1.5 text-start text-sm">
        {token.features.map((line) => (
          <li key={line} className="flex items-start gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-rose" />
            {line}
          </li>
        ))}
      </ul>
      {token.paymentLink ? (
        <a href={token.paymentLink} className="btn btn-primary mt-6" aria-label={label}>
          {token.buttonText}
        </a>
      ) : (
        <form method="post" action="/api/checkout" onSubmit={buy} className="mt-6">
          <input type="hidden" name="token" value={token.id} />
          <button type="submit" className="btn btn-primary w-full" aria-label={label} aria-busy={busy} disabled={busy}>
            {busy ? "Opening checkout…" : token.buttonText}
          </button>
        </form>
      )}
    </li>
  );
}
