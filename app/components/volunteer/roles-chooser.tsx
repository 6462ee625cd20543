import { useState, type FormEvent } from "react";
import type { Role } from "~/api/admin/shifts";

export interface RolesChooserProps {
  roles: Role[];
  chosen: number[];
  onSave: (roleIds: number[]) => Promise<void>;
}

/** "What I'll do": a checkbox per role with its one line; none chosen shows every role's open shifts. */
export function RolesChooser({ roles, chosen, onSave }: RolesChooserProps) {
  const [busy, setBusy] = useState(false);
  if (roles.length === 0) return <p className="mt-3">The organisers have not listed the roles yet.</p>;
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ids = new FormData(event.currentTarget).getAll("role").map(Number);
    setBusy(true);
    await onSave(ids);
    setBusy(false);
  }
  return (
    <form onSubmit={submit} className="mt-3 grid gap-3">
      <fieldset className="grid gap-2">
        <legend className="mb-1">Choose what you would like to do. With none chosen, you see every open shift.</legend>
        {roles.map((r) => (
          <label key={r.id} className="flex min-h-11 items-start gap-3">
            <input
              type="checkbox"
              name="role"
              value={r.id}
              defaultChecked={chosen.includes(r.id)}
              className="mt-1 size-5 shrink-0 accent-gold-deep"
            />
            <span>
              <span className="font-semibold">{r.name}</span>
              {r.description ? <span className="block text-sm text-muted">{r.description}</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <div>
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {busy ? "Saving…" : "Save my roles"}
        </button>
      </div>
    </form>
  );
}
