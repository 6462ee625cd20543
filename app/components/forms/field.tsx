import { useId, type ComponentProps, type ReactNode } from "react";
import { FieldError, useFieldError } from "./form-context";

export interface FieldProps extends Omit<ComponentProps<"input">, "id"> {
  label: string;
  /** A multi-line field (message, question). */
  multiline?: boolean;
  /** Something drawn inside the field's end (the password toggle). */
  end?: ReactNode;
}

const control =
  "min-h-12 w-full rounded-xl border border-ink/15 bg-paper px-4 py-2.5 text-ink placeholder:text-muted/80 focus:border-gold";

/** A labelled input (or textarea) on a light background. The browser checks required fields; the form schema the rest, shown below the field. */
export function Field({ label, multiline = false, end, className = "", ...input }: FieldProps) {
  const id = useId();
  const { error, errorId } = useFieldError(input.name);
  const invalid = error ? { "aria-invalid": true, "aria-describedby": errorId } : {};
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block font-semibold">
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name={input.name}
          required={input.required}
          placeholder={input.placeholder}
          rows={5}
          {...invalid}
          className={`${control} resize-y`}
        />
      ) : (
        <div className="relative">
          <input id={id} type="text" {...input} {...invalid} className={`${control} ${end ? "pe-14" : ""}`} />
          {end && <div className="absolute inset-y-0 end-1 flex items-center">{end}</div>}
        </div>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}
