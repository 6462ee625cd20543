import { useContext } from "react";
import { isMap } from "yaml";
import type { JsonSchema, Path } from "~/lib/admin/content-yaml";
import { PicturePicker } from "../picture-picker";
import { control, Field } from "./field";
import { Fields, type Change } from "./fields-context";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

export interface ValueFieldProps {
  schema: JsonSchema;
  value: unknown;
  path: Path;
  label: string;
  change: Change;
  set: (next: unknown) => void;
}

/** One value: a choice, a checkbox, a number, a picture, a date or time, a line or a paragraph of text. */
export function ValueField({ schema, value, path, label, change, set }: ValueFieldProps) {
  const { choices, pictureFolders } = useContext(Fields);
  const hint = schema.input ? null : schema.description;
  const ref = schema.ref ? choices[schema.ref] : undefined;
  const options: { value: unknown; label: string }[] | undefined = ref
    ? ref.map((c) => ({ value: c.value, label: c.label }))
    : (schema.enum ?? schema.anyOf?.filter((o) => "const" in o).map((o) => o.const))?.map((o) => ({
        value: o,
        label: String(o),
      }));
  if (options?.length) {
    const none = !!ref || value === undefined || value === null || value === "";
    const props = { path, label, value, options, change, set, offersNone: none };
    return <SelectField {...props} hint={ref ? schema.description : hint} />;
  }

  if (schema.type === "boolean")
    return (
      <Field path={path} label={label} hint={hint} inline>
        {(props) => (
          <input
            {...props}
            type="checkbox"
            className="size-6"
            checked={value === true}
            onChange={(e) => set(e.target.checked)}
          />
        )}
      </Field>
    );

  if (schema.type === "integer" || schema.type === "number")
    return (
      <Field path={path} label={label} hint={hint}>
        {(props) => (
          <input
            {...props}
            type="number"
            className={control}
            step={schema.type === "integer" ? 1 : "any"}
            value={typeof value === "number" ? value : ""}
            onChange={(event) => set(event.target.value === "" ? null : Number(event.target.value))}
          />
        )}
      </Field>
    );

  if (schema.picture)
    return (
      <Field path={path} label={label} hint={hint}>
        {(props) => (
          <PicturePicker
            {...props}
            label={label}
            folders={pictureFolders}
            value={typeof value === "string" ? value : ""}
            onChange={set}
          />
        )}
      </Field>
    );

  if (schema.type === "string" || value === undefined || value === null || typeof value === "string")
    return <TextField schema={schema} value={value} path={path} label={label} hint={hint} set={set} />;

  // A shape the form does not draw (several types at once): the Text view edits it.
  return (
    <p className="text-muted">
      {label}: edit in the Text view{isMap(value) ? "" : ` (${JSON.stringify(value)})`}.
    </p>
  );
}
