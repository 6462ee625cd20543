import { Field } from "./field";
import { SiteForm } from "./site-form";

/** The FAQ page's question form: name, e-mail, subject, question detail -> 'Thanks for your Message!'. */
export function FaqForm() {
  return (
    <SiteForm kind="faq" className="grid gap-5 sm:grid-cols-2" aria-label="Ask a question">
      <Field label="Name" name="name" required autoComplete="name" />
      <Field label="E-mail" name="email" type="email" required autoComplete="email" />
      <Field label="Subject" name="subject" required className="sm:col-span-2" />
      <Field label="Question detail" name="question" required multiline className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary">
          Send Question
        </button>
      </div>
    </SiteForm>
  );
}
