import { useEffect, type ReactNode } from "react";

/** A refusal of the server at the field it concerns (`field`), or for the whole form. */
export interface FormError {
  text: string;
  field?: string;
}

export const control = "min-h-11 w-full rounded-xl border border-ink/15 bg-paper px-3 py-2 text-ink";

/** The attributes that tie a control to its label, hint and error (`${form}-${name}`). */
export function fieldAttrs(form: string, name: string, error: FormError | null, hint = false) {
  const wrong = error?.field === name;
  const described = [hint ? `${form}-${name}-hint` : "", wrong ? `${form}-${name}-error` : ""].filter(Boolean);
  return {
    id: `${form}-${name}`,
    name,
    "aria-invalid": wrong ? true : undefined,
    "aria-describedby": described.join(" ") || undefined,
  };
}

/** A labelled field with its hint and its error below it. */
export function PlanField({
  form,
  name,
  label,
  hint,
  error,
  children,
}: {
  form: string;
  name: string;
  label: string;
  hint?: string;
  error: FormError | null;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={`${form}-${name}`} className="mb-1 block font-semibold">
        {label}
      </label>
      {hint ? (
        <p id={`${form}-${name}-hint`} className="mb-1 text-sm text-muted">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldProblem form={form} name={name} error={error} />
    </div>
  );
}

export function FieldProblem({ form, name, error }: { form: string; name: string; error: FormError | null }) {
  return error?.field === name ? (
    <p id={`${form}-${name}-error`} className="mt-1 text-sm font-semibold text-rose">
      {error.text}
    </p>
  ) : null;
}

/**
 * Moves the focus to the field a refusal concerns (or to the form's own message) once it is shown: in an effect,
 * after React has drawn it (a message drawn by the same change does not exist before).
 */
export function useFocusError(form: string, error: FormError | null) {
  useEffect(() => {
    if (!error) return;
    const target =
      (error.field && document.getElementById(`${form}-${error.field}`)) || document.getElementById(`${form}-error`);
    target?.focus();
  }, [form, error]);
}

/** Moves the focus to an element drawn by the change that set `shown` (a refusal at an item). */
export function useFocusWhenShown(id: string | null, shown: unknown) {
  useEffect(() => {
    if (id && shown) document.getElementById(id)?.focus();
  }, [id, shown]);
}

/** A refusal for the whole form, which takes the focus. */
export function FormProblem({ form, error }: { form: string; error: FormError | null }) {
  return error && !error.field ? (
    <p id={`${form}-error`} tabIndex={-1} role="alert" className="font-semibold text-rose">
      {error.text}
    </p>
  ) : null;
}
