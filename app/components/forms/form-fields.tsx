import { useId, type ReactNode } from "react";
import type { FieldSpec, FormDefinition } from "~/forms/definition";
import { Field } from "./field";

export interface FormFieldsProps {
  /** The form's definition (app/forms/<kind>.ts), as its SiteForm has it. */
  form: FormDefinition;
  /** Values of hidden fields (the comment's post) and first values (the ticket's quantity and plan). */
  values?: Record<string, string | number>;
  /** The choices of each select field, by name (the ticket's plans come from content). */
  options?: Record<string, readonly { value: string; label: string }[]>;
  /** A line under a select field, by name, that describes it (the chosen plan's seats on /buy-ticket). */
  notes?: Record<string, ReactNode>;
}

/** The select, styled like the other fields (./field.tsx). */
const select = "mt-1.5 block min-h-12 w-full rounded-xl border border-ink/15 bg-paper px-4 py-2.5 text-ink";

/** A label whose `link` words are a link to that page, opened in a new tab (the form keeps what was typed). */
function withLink(label: string, link: FieldSpec["link"]): ReactNode {
  const at = link ? label.indexOf(link.text) : -1;
  if (!link || at < 0) return label;
  return (
    <>
      {label.slice(0, at)}
      <a
        href={link.href}
        target="_blank"
        rel="noopener"
        className="font-semibold text-rose underline underline-offset-2"
      >
        {link.text}
      </a>
      {label.slice(at + link.text.length)}
    </>
  );
}

/** A form's fields, in order, from its definition (app/forms/<kind>.ts); the form adds its button. */
export function FormFields({ form, values = {}, options = {}, notes = {} }: FormFieldsProps) {
  const id = useId();
  return form.fields.map((spec: FieldSpec) => {
    const { name, label, type = "text", autoComplete } = spec;
    const required = spec.required !== false;
    const wide = spec.wide ? "sm:col-span-2" : "";
    const value = values[name];
    switch (type) {
      case "hidden":
        return <input key={name} type="hidden" name={name} value={value ?? ""} />;
      case "textarea":
        return <Field key={name} label={label} name={name} required={required} multiline className={wide} />;
      case "select": {
        const noted = name in notes;
        const field = (
          <label key={name} className={noted ? "block font-semibold" : `font-semibold ${wide}`}>
            {label}
            {/* Remounted when the chosen value changes after hydration (?plan= on /buy-ticket). */}
            <select
              key={value}
              name={name}
              required={required}
              defaultValue={value}
              className={select}
              aria-describedby={noted ? `${id}-${name}-note` : undefined}
            >
              {(options[name] ?? []).map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </label>
        );
        // The note is outside the label: it describes the field, it is not its name.
        return noted ? (
          <div key={name} className={wide}>
            {field}
            <p id={`${id}-${name}-note`} className="mt-1.5 min-h-6 text-muted">
              {notes[name]}
            </p>
          </div>
        ) : (
          field
        );
      }
      case "checkbox":
        return (
          <label key={name} className={`flex items-start gap-3 ${wide}`}>
            <input name={name} type="checkbox" required={required} className="mt-1 size-5 accent-rose" />
            <span>{withLink(label, spec.link)}</span>
          </label>
        );
      default:
        return (
          <Field
            key={name}
            label={label}
            name={name}
            type={type}
            required={required}
            autoComplete={autoComplete}
            className={wide}
            {...(spec.check === "quantity" ? { min: 1, max: 50, step: 1, defaultValue: value ?? 1 } : {})}
          />
        );
    }
  });
}
