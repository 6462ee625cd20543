import { useEffect, useState, type FormEvent } from "react";
import * as api from "~/api/admin/shifts";
import type { Place, Role } from "~/api/admin/shifts";
import { MAX_DESCRIPTION, MAX_PLACE_NAME, MAX_ROLE_NAME, placeSchema, roleSchema } from "~/forms/shifts";
import { bodyProblem } from "~/lib/admin/route";
import { DOORS } from "~/lib/door/protocol";
import { callAdmin } from "~/lib/admin/api";
import { shiftsCount } from "~/lib/shifts/plan-words";
import { ConfirmStep } from "../confirm-step";
import {
  control,
  fieldAttrs,
  FormProblem,
  PlanField,
  useFocusError,
  useFocusWhenShown,
  type FormError,
} from "./plan-field";

export type NamedKind = "role" | "place";
type Item = Role | Place;

const WORDS = {
  role: { title: "Roles", one: "role", add: "Add a role", name: "Name of the role" },
  place: { title: "Places", one: "place", add: "Add a place", name: "Name of the place" },
} as const;

export interface NamedProps {
  kind: NamedKind;
  items: Item[];
  fail: (status: number, message: string) => void;
  /** Saved: what to say, and the list is read again. */
  onChanged: (message: string) => void;
}

/** The line under an item's name: what the role does or the door the place is, and its shifts. */
const detail = (kind: NamedKind, item: Item) => {
  const what =
    kind === "role"
      ? (item as Role).description
      : (item as Place).door
        ? `the check-in page's ${(item as Place).door}`
        : "";
  const uses = item.shifts ? `used by ${shiftsCount(item.shifts)}` : "no shifts yet";
  return what ? `${what} · ${uses}` : uses;
};

/** Roles or places: each with Edit and Delete (after a confirm step; a refusal said at the item), and Add. */
export function PlanNamed({ kind, items, fail, onChanged }: NamedProps) {
  const words = WORDS[kind];
  const [editing, setEditing] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<Item | null>(null);
  const [refused, setRefused] = useState<{ id: number; text: string } | null>(null);
  useFocusWhenShown(refused && `${kind}-${refused.id}-refused`, refused);

  async function remove(item: Item) {
    setConfirm(null);
    const res = await callAdmin(kind === "role" ? api.deleteRole : api.deletePlace, { params: { id: item.id } });
    if (!res.ok) {
      if (res.status === 401) return fail(res.status, res.error);
      setRefused({ id: item.id, text: res.error });
      return;
    }
    onChanged(`The ${words.one} ${res.data.deleted} is deleted.`);
  }

  return (
    <section aria-labelledby={`${kind}s-title`} className="mt-8">
      <h3 id={`${kind}s-title`} className="text-xl font-semibold">
        {words.title}
      </h3>
      {items.length ? (
        <ul className="mt-3 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper" aria-label={words.title}>
          {items.map((item) => (
            <li key={item.id} className="p-4">
              {editing === item.id ? (
                <NamedForm
                  kind={kind}
                  item={item}
                  fail={fail}
                  onDone={(message) => {
                    setEditing(null);
                    onChanged(message);
                  }}
                  onCancel={() => setEditing(null)}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <span className="min-w-0 break-words">
                    <strong>{item.name}</strong>
                    <span className="block text-sm text-muted">{detail(kind, item)}</span>
                  </span>
                  <span className="flex gap-2">
                    <button type="button" className="btn btn-outline" onClick={() => setEditing(item.id)}>
                      Edit<span className="sr-only"> {item.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-outline"
                      onClick={() => {
                        setRefused(null);
                        setConfirm(item);
                      }}
                    >
                      Delete<span className="sr-only"> {item.name}</span>
                    </button>
                  </span>
                </div>
              )}
              {confirm?.id === item.id ? (
                <ConfirmStep
                  confirm={`Delete ${item.name}`}
                  onConfirm={() => void remove(item)}
                  onCancel={() => setConfirm(null)}
                >
                  Delete the {words.one} {item.name}?
                </ConfirmStep>
              ) : null}
              {refused?.id === item.id ? (
                <p
                  id={`${kind}-${item.id}-refused`}
                  tabIndex={-1}
                  role="alert"
                  className="mt-3 font-semibold text-rose"
                >
                  Not deleted: {refused.text}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-muted">No {words.one}s yet.</p>
      )}
      <details className="mt-3">
        <summary className="btn btn-outline cursor-pointer">{words.add}</summary>
        <NamedForm kind={kind} fail={fail} onDone={onChanged} />
      </details>
    </section>
  );
}

/** A role's name and what it does, or a place's name and door: new (no `item`) or changed. */
function NamedForm({
  kind,
  item,
  fail,
  onDone,
  onCancel,
}: {
  kind: NamedKind;
  item?: Item;
  fail: (status: number, message: string) => void;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const words = WORDS[kind];
  const form = item ? `${kind}-${item.id}` : `new-${kind}`;
  const [error, setError] = useState<FormError | null>(null);
  useFocusError(form, error);
  const [busy, setBusy] = useState(false);
  // Opened to edit: its name takes the focus.
  useEffect(() => {
    if (item) document.getElementById(`${form}-name`)?.focus();
  }, [item, form]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const el = event.currentTarget;
    const fields = new FormData(el);
    const name = String(fields.get("name") ?? "");
    // Checked here as the server checks it: a slip is said at its field without a round trip.
    const id = item?.id;
    const send = async () => {
      if (kind === "role") {
        const role = roleSchema.safeParse({ name, description: String(fields.get("description") ?? "") });
        if (!role.success) return role.error;
        const body = role.data;
        return id === undefined
          ? callAdmin(api.addRole, { body })
          : callAdmin(api.changeRole, { params: { id }, body });
      }
      const place = placeSchema.safeParse({ name, door: String(fields.get("door") ?? "") || null });
      if (!place.success) return place.error;
      const body = place.data;
      return id === undefined
        ? callAdmin(api.addPlace, { body })
        : callAdmin(api.changePlace, { params: { id }, body });
    };
    setBusy(true);
    const res = await send();
    setBusy(false);
    if (!("ok" in res)) {
      const { error: text, field } = bodyProblem(res.issues);
      return setError({ text, field });
    }
    if (!res.ok) {
      if (res.status === 401) return fail(res.status, res.error);
      setError({ text: res.error, field: res.field });
      return;
    }
    setError(null);
    if (!item) el.reset();
    onDone(item ? `Saved: the ${words.one} ${res.data.name}.` : `Added the ${words.one} ${res.data.name}.`);
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="mt-3 grid gap-3"
      aria-label={item ? `Edit ${item.name}` : words.add}
    >
      <FormProblem form={form} error={error} />
      <PlanField form={form} name="name" label={words.name} error={error}>
        <input
          {...fieldAttrs(form, "name", error)}
          className={control}
          defaultValue={item?.name}
          maxLength={kind === "role" ? MAX_ROLE_NAME : MAX_PLACE_NAME}
          autoComplete="off"
        />
      </PlanField>
      {kind === "role" ? (
        <PlanField form={form} name="description" label="What the role does (one line)" error={error}>
          <input
            {...fieldAttrs(form, "description", error)}
            className={control}
            defaultValue={(item as Role | undefined)?.description}
            maxLength={MAX_DESCRIPTION}
            autoComplete="off"
          />
        </PlanField>
      ) : (
        <PlanField form={form} name="door" label="Is it a door of the check-in page?" error={error}>
          <select
            {...fieldAttrs(form, "door", error)}
            className={control}
            defaultValue={(item as Place | undefined)?.door ?? ""}
          >
            <option value="">Not a door</option>
            {DOORS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </PlanField>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {item ? "Save" : `Add the ${words.one}`}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
