import { Field } from "./field";
import { SiteForm } from "./site-form";

/** Contact form: name, phone number, e-mail, subject, message, all required -> 'Message Sent!'. */
export function ContactForm() {
  return (
    <SiteForm kind="contact" className="grid gap-5 sm:grid-cols-2" aria-label="Contact form">
      <Field label="Name" name="name" required autoComplete="name" />
      <Field label="Phone number" name="phone" type="tel" required autoComplete="tel" />
      <Field label="E-mail" name="email" type="email" required autoComplete="email" />
      <Field label="Subject" name="subject" required />
      <Field label="Message" name="message" required multiline className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <button type="submit" className="btn btn-primary">
          Send Message
        </button>
      </div>
    </SiteForm>
  );
}
