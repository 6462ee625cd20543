import { faq } from "~/forms/faq";
import { FormFields } from "./form-fields";
import { SiteForm } from "./site-form";

/** The FAQ page's question form (app/forms/faq.ts) -> 'Thanks for your Message!'. */
export function FaqForm() {
  return (
    <SiteForm form={faq} className="grid gap-5 sm:grid-cols-2" aria-label="Ask a question">
      <FormFields form={faq} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary">
          Send Question
        </button>
      </div>
    </SiteForm>
  );
}
