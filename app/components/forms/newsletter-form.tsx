import { useId } from "react";
import { SiteForm } from "./site-form";

/** Newsletter box: one required e-mail field (spec section 5); success shows 'Subscribed Successfully!'. */
export function NewsletterForm() {
  const id = useId();
  return (
    <SiteForm kind="newsletter" className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold text-paper">
        Newsletter
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your e-mail address"
          className="min-h-11 flex-1 rounded-full border border-white/20 bg-white/5 px-4 text-paper placeholder:text-lilac"
        />
        <button type="submit" className="btn btn-primary">
          Subscribe
        </button>
      </div>
    </SiteForm>
  );
}
