import { useContext } from "react";
import type { Path } from "~/lib/admin/content-yaml";
import { fieldId, pathKey } from "~/lib/content-words";
import { Fields } from "./fields-context";

/** The classes of a one-line control. */
export const control = "min-h-11 w-full rounded border border-ink/30 bg-paper px-3 font-normal";

/** What a control needs to be named by its label and described by its hint and problem. */
export interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

export interface FieldProps {
  path: Path;
  label: string;
  hint: string | null | undefined;
  children: (props: ControlProps) => React.ReactNode;
  inline?: boolean;
}

/** A labelled control: the label names it; the hint and the save's problem (if any) describe it. */
export function Field({ path, label, hint, children, inline = false }: FieldProps) {
  const { problems } = useContext(Fields);
  const id = fieldId(path);
  const problem = problems.get(pathKey(path));
  const described = [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""].filter(Boolean).join(" ");
  const props: ControlProps = {
    id,
    ...(problem ? { "aria-invalid": true as const } : {}),
    ...(described ? { "aria-describedby": described } : {}),
  };
  const notes = (
    <>
      {hint ? (
        <span id={`${id}-hint`} className="block text-sm text-muted">
          {hint}
        </span>
      ) : null}
      {problem ? (
        <span id={`${id}-problem`} className="block text-sm font-semibold text-rose">
          {problem}
        </span>
      ) : null}
    </>
  );
  if (inline)
    return (
      <div className="grid gap-1">
        <div className="inline-flex min-h-11 items-center gap-2">
          {children(props)}
          <label htmlFor={id} className="font-semibold">
            {label}
          </label>
        </div>
        {notes}
      </div>
    );
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {notes}
      {children(props)}
    </div>
  );
}
