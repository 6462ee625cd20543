import { createContext, useContext, type ComponentProps } from "react";
import { EMAIL_FIELD } from "~/forms/definition";
import type { FieldErrors } from "~/forms/browser";

export interface FormErrorsValue {
  errors: FieldErrors;
  formId: string;
}

export const FormErrorsContext = createContext<FormErrorsValue>({ errors: {}, formId: "" });

/** The error of one field, and the id of the element that shows it (for aria-describedby). */
export function useFieldError(name: string | undefined): { error?: string; errorId: string } {
  const { errors, formId } = useContext(FormErrorsContext);
  return { error: name ? errors[name] : undefined, errorId: `${formId}-${name ?? ""}-error` };
}

/** A field's error message, next to it. */
export function FieldError({ id, error, dark = false }: { id: string; error?: string; dark?: boolean }) {
  if (!error) return null;
  return (
    <p id={id} className={`mt-1.5 text-sm font-semibold ${dark ? "text-gold" : "text-rose"}`}>
      {error}
    </p>
  );
}

/** The e-mail input of the one-field forms (newsletter, coming soon), with its error below the row. */
export function EmailInput(props: Omit<ComponentProps<"input">, "name" | "type">) {
  const { error, errorId } = useFieldError("email");
  return (
    <input
      name={EMAIL_FIELD.name}
      type={EMAIL_FIELD.type}
      required
      autoComplete={EMAIL_FIELD.autoComplete}
      {...props}
      {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
    />
  );
}

export function EmailError() {
  const { error, errorId } = useFieldError("email");
  return <FieldError id={errorId} error={error} dark />;
}
