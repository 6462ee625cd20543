import { describe, expect, it } from "vitest";
import { FORM_FIELDS, isStoredKind } from "./form-fields";
import { FORM_SCHEMAS, fieldsOf } from "./form-schemas";

describe("form fields without zod", () => {
  it("lists the same kinds and fields, in order, as the schemas", () => {
    expect(Object.keys(FORM_FIELDS).sort()).toEqual(Object.keys(FORM_SCHEMAS).sort());
    for (const kind of Object.keys(FORM_SCHEMAS) as (keyof typeof FORM_SCHEMAS)[])
      expect([...FORM_FIELDS[kind]], kind).toEqual(fieldsOf(kind));
  });

  it("tells stored forms from login", () => {
    expect(isStoredKind("contact")).toBe(true);
    expect(isStoredKind("login")).toBe(false);
  });
});
