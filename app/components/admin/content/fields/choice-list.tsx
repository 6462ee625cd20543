import { useContext } from "react";
import type { Choice } from "~/api/admin/content";
import type { Path } from "~/lib/admin/content-yaml";
import { fieldId, pathKey } from "~/lib/content-words";
import { Fields } from "./fields-context";

export interface ChoiceListProps {
  path: Path;
  label: string;
  list: unknown[];
  options: Choice[];
  set: (next: unknown) => void;
}

/** A list of references (a post's tags): one checkbox per entry of the named collection. */
export function ChoiceList({ path, label, list, options, set }: ChoiceListProps) {
  const { problems } = useContext(Fields);
  const key = pathKey(path);
  const problem = [...problems.entries()].find(([k]) => k === key || k.startsWith(`${key}.`))?.[1];
  const id = fieldId(path);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className="grid gap-1 rounded border border-ink/15 p-3"
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <legend className="px-1 font-semibold">{label}</legend>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm font-semibold text-rose">
          {problem}
        </p>
      ) : null}
      {options.map((choice) => (
        <label key={String(choice.value)} className="inline-flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="size-6"
            checked={list.includes(choice.value)}
            onChange={(event) =>
              set(event.target.checked ? [...list, choice.value] : list.filter((v) => v !== choice.value))
            }
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
