import { useId } from "react";
import { comingSoon } from "~/forms/coming-soon";
import { EmailError, EmailInput } from "./form-context";
import { SiteForm } from "./site-form";

/** The coming-soon page's one required e-mail field -> 'Thanks for your Email' (on a dark background). */
export function EmailForm() {
  const id = useId();
  return (
    <SiteForm form={comingSoon} className="mx-auto flex max-w-xl flex-col gap-2 text-start">
      <label htmlFor={id} className="font-semibold text-paper">
        Your e-mail address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <EmailInput
          id={id}
          placeholder="name@example.com"
          className="min-h-12 flex-1 rounded-full border border-white/25 bg-white/8 px-5 text-paper placeholder:text-lilac"
        />
        <button type="submit" className="btn btn-primary">
          Notify Me
        </button>
      </div>
      <EmailError />
    </SiteForm>
  );
}
