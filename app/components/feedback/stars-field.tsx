import { STAR_WORDS } from "~/lib/feedback/rating";

export interface StarsFieldProps {
  title: string;
  /** The stars this phone gave before ("Change my rating"). */
  given?: number;
  /** The message under the form when no stars were chosen. */
  describedBy?: string;
}

/** 1 to 5 as a radio group with visible words ("5 · Excellent"): arrows move along it, as any radio group. */
export function StarsField({ title, given, describedBy }: StarsFieldProps) {
  return (
    <fieldset aria-describedby={describedBy}>
      <legend className="font-semibold">How was “{title}”?</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="flex min-h-12 cursor-pointer items-center gap-2 rounded-xl border border-ink/15 bg-paper px-3 has-[:checked]:border-gold has-[:checked]:bg-gold/15"
          >
            <input
              type="radio"
              name="stars"
              value={n}
              defaultChecked={given === n}
              className="size-5 accent-gold-deep"
            />
            {n} · {STAR_WORDS[n]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
