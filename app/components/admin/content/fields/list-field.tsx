import { useContext } from "react";
import { append, removeAt, type JsonSchema, type Path } from "~/lib/admin/content-yaml";
import { entryTitle, pathKey, singular } from "~/lib/content-words";
import { Fields, type Change } from "./fields-context";
import { ListEntry } from "./list-entry";

/** What the list draws for each entry (the form's node, given by the node itself: no import circle). */
export type DrawEntry = (entry: { schema: JsonSchema; value: unknown; path: Path; label: string }) => React.ReactNode;

export interface ListFieldProps {
  schema: JsonSchema;
  /** The entries' schema, one type. */
  items: JsonSchema;
  list: unknown[];
  path: Path;
  change: Change;
  label: string;
  draw: DrawEntry;
}

/** A list of entries with Add and Remove; an entry with fields folds under its name (issue 41). */
export function ListField({ schema, items, list, path, change, label, draw }: ListFieldProps) {
  const { problems } = useContext(Fields);
  const one = singular(label);
  const objects = items.type === "object";
  const key = pathKey(path);
  const problemInside = (i: number) =>
    [...problems.keys()].some((k) => k === `${key}.${i}` || k.startsWith(`${key}.${i}.`));
  return (
    <fieldset className="grid gap-2 rounded border border-ink/15 p-3">
      <legend className="px-1 font-semibold">{label}</legend>
      {schema.description ? <p className="text-sm text-muted">{schema.description}</p> : null}
      {list.map((item, i) => {
        const title = objects ? entryTitle(item) : undefined;
        const name = `${one} ${i + 1}${title ? `: ${title}` : ""}`;
        const remove = (
          <button type="button" className="btn btn-outline" onClick={() => change(removeAt(path, i))}>
            Remove<span className="sr-only"> {name}</span>
          </button>
        );
        return objects ? (
          <ListEntry key={i} name={name} problem={problemInside(i)}>
            {draw({ schema: items, value: item, path: [...path, i], label: "" })}
            <div>{remove}</div>
          </ListEntry>
        ) : (
          <div key={i} className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1">
              {draw({ schema: items, value: item, path: [...path, i], label: `${one} ${i + 1}` })}
            </div>
            {remove}
          </div>
        );
      })}
      <div>
        <button type="button" className="btn btn-outline" onClick={() => change(append(path, items))}>
          Add to {label.toLowerCase()}
        </button>
      </div>
    </fieldset>
  );
}
