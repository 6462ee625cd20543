import { useId } from "react";
import { newsletter, newsletterTemplate } from "~/forms/newsletter";
import { EmailError, EmailInput } from "./form-context";
import { SiteForm } from "./site-form";

export interface NewsletterFormProps {
  /**
   * "newsletter" (the landing variant's footer box: 'Subscribed Successfully!') or "newsletterTemplate"
   * (the conference template's newsletter section: 'Thanks for Subscription!'); spec section 7.
   */
  kind?: "newsletter" | "newsletterTemplate";
  label?: string;
}

/** Newsletter box on a dark background: one required e-mail field (spec section 5). */
export function NewsletterForm({ kind = "newsletter", label = "Newsletter" }: NewsletterFormProps) {
  const id = useId();
  return (
    <SiteForm form={kind === "newsletterTemplate" ? newsletterTemplate : newsletter} className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold text-paper">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <EmailInput
          id={id}
          placeholder="Your e-mail address"
          className="min-h-11 flex-1 rounded-full border border-white/20 bg-white/5 px-4 text-paper placeholder:text-lilac"
        />
        <button type="submit" className="btn btn-primary">
          Subscribe
        </button>
      </div>
      <EmailError />
    </SiteForm>
  );
}
