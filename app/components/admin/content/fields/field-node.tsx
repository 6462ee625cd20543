import { useContext } from "react";
import { plainType, type JsonSchema, type Path } from "~/lib/admin/content-yaml";
import { labelOf, pathKey } from "~/lib/content-words";
import { ChoiceList } from "./choice-list";
import { Fields, type Change } from "./fields-context";
import { ListField } from "./list-field";
import { ValueField } from "./value-field";

export interface FieldNodeProps {
  schema: JsonSchema;
  value: unknown;
  path: Path;
  change: Change;
  label: string;
}

/** The line of a field shown under "Advanced" (EditorMeta `advanced`), or undefined. */
const advancedOf = (schema: JsonSchema) => plainType(schema).advanced;

/** Whether a problem the save found is at (or in) one of these fields of the entry at `path`. */
const hasProblem = (problems: Map<string, string>, fields: [string, JsonSchema][], path: Path) =>
  fields.some(([key]) => {
    const at = pathKey([...path, key]);
    return [...problems.keys()].some((k) => k === at || k.startsWith(`${at}.`));
  });

/** A part of the file by its schema: a group of fields, a list, or one value. */
export function FieldNode({ schema: given, value, path, change, label }: FieldNodeProps) {
  const { choices, problems } = useContext(Fields);
  const schema = plainType(given);
  const set = (next: unknown) => change((doc) => doc.setIn(path, next), { path, value: next });
  // Assigned by the save (server/content/auto-ids.ts): nothing to type.
  if (schema.auto === true && schema.type === "integer") return null;

  if (schema.type === "object" && schema.properties) {
    const record = (value ?? {}) as Record<string, unknown>;
    const entries = Object.entries(schema.properties);
    const draw = ([key, child]: [string, JsonSchema]) => (
      <FieldNode
        key={key}
        schema={child}
        value={record[key]}
        path={[...path, key]}
        change={change}
        label={child.title ?? labelOf(key)}
      />
    );
    // Fields rarely filled by hand (a session's status and changes: the publish writes them) are behind
    // "Advanced", closed, with the line saying why, once (issue 62).
    const advanced = entries.filter(([, child]) => advancedOf(child));
    const body = (
      <>
        {entries.filter(([, child]) => !advancedOf(child)).map(draw)}
        {advanced.length ? (
          // Open where the save found a problem in it, so the problem's field is seen.
          <details
            className="rounded border border-ink/15 p-3"
            open={hasProblem(problems, advanced, path) || undefined}
          >
            <summary className="cursor-pointer font-semibold">Advanced</summary>
            <div className="mt-3 grid gap-3">
              {[...new Set(advanced.map(([, child]) => advancedOf(child)))].map((line) => (
                <p key={line} className="text-sm text-muted">
                  {line}
                </p>
              ))}
              {advanced.map(draw)}
            </div>
          </details>
        ) : null}
      </>
    );
    if (!label) return body;
    return (
      <fieldset className="grid gap-3 rounded border border-ink/15 p-3">
        <legend className="px-1 font-semibold">{label}</legend>
        {schema.description ? <p className="text-sm text-muted">{schema.description}</p> : null}
        {body}
      </fieldset>
    );
  }

  if (schema.type === "array" && schema.items) {
    const list = Array.isArray(value) ? value : [];
    const items = plainType(schema.items);
    if (items.ref && choices[items.ref])
      return <ChoiceList path={path} label={label} list={list} options={choices[items.ref]!} set={set} />;
    const draw = (entry: Omit<FieldNodeProps, "change">) => <FieldNode {...entry} change={change} />;
    const props = { schema, items, list, path, change, label, draw };
    return <ListField {...props} />;
  }

  return <ValueField schema={schema} value={value} path={path} label={label} change={change} set={set} />;
}
