import { useId } from "react";
import { FieldError, useFieldError } from "~/components/forms/form-context";

/** A labelled multi-line field with its starting text, its error below it (the form's context). */
export function TextArea({
  label,
  name,
  defaultValue,
  maxLength,
  rows = 6,
}: {
  label: string;
  name: string;
  defaultValue: string;
  maxLength: number;
  rows?: number;
}) {
  const id = useId();
  const { error, errorId } = useFieldError(name);
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        maxLength={maxLength}
        required
        rows={rows}
        {...(error ? { "aria-invalid": true, "aria-describedby": errorId } : {})}
        className="min-h-12 w-full resize-y rounded-xl border border-ink/15 bg-paper px-4 py-2.5 text-ink focus:border-gold"
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}
