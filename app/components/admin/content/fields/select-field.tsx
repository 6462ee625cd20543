import type { Path } from "~/lib/admin/content-yaml";
import { control, Field } from "./field";
import type { Change } from "./fields-context";

export interface SelectFieldProps {
  path: Path;
  label: string;
  hint: string | null | undefined;
  value: unknown;
  options: { value: unknown; label: string }[];
  /** Whether "(none)" is offered: a reference, or a value not chosen yet. */
  offersNone: boolean;
  change: Change;
  set: (next: unknown) => void;
}

/** One of a field's values (an enum), or an entry of a collection by name (a session's speaker). */
export function SelectField({ path, label, hint, value, options, offersNone, change, set }: SelectFieldProps) {
  const known = options.some((o) => String(o.value) === String(value ?? ""));
  return (
    <Field path={path} label={label} hint={hint}>
      {(props) => (
        <select
          {...props}
          className={control}
          value={String(value ?? "")}
          onChange={(event) => {
            const picked = options.find((o) => String(o.value) === event.target.value);
            // "(none)" removes an optional reference (a session without a speaker).
            if (!picked) return change((doc) => doc.deleteIn(path));
            set(picked.value);
          }}
        >
          {offersNone ? <option value="">(none)</option> : null}
          {!known && value !== undefined && value !== null && value !== "" ? (
            <option value={String(value)}>{String(value)} (unknown)</option>
          ) : null}
          {options.map((o) => (
            <option key={String(o.value)} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
