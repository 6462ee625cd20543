import { contact } from "~/forms/contact";
import { FormFields } from "./form-fields";
import { SiteForm } from "./site-form";

/** Contact form (app/forms/contact.ts) -> 'Message Sent!'. */
export function ContactForm() {
  return (
    <SiteForm form={contact} className="grid gap-5 sm:grid-cols-2" aria-label="Contact form">
      <FormFields form={contact} />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary">
          Send Message
        </button>
      </div>
    </SiteForm>
  );
}
