import { Settings2 } from "lucide-react";
import type { Direction, Layout } from "~/lib/page-options";
import { setDirection, setLayout, useDirection, useLayout } from "~/lib/page-options-store";

interface Choice<T extends string> {
  value: T;
  label: string;
}

const LAYOUTS: Choice<Layout>[] = [
  { value: "full", label: "Full width" },
  { value: "boxed", label: "Boxed" },
];
const DIRECTIONS: Choice<Direction>[] = [
  { value: "ltr", label: "LTR" },
  { value: "rtl", label: "RTL" },
];

/**
 * The demo-options panel (coming-soon page): layout Full width / Boxed and direction LTR / RTL for the
 * whole site, remembered in this browser (localStorage) and applied before the next page paints.
 * Needs JavaScript, so it is hidden without it.
 */
export function DemoOptions() {
  const layout = useLayout();
  const direction = useDirection();
  return (
    <section
      data-needs-js
      aria-labelledby="demo-options-title"
      className="mx-auto max-w-xl rounded-[var(--radius-card)] bg-paper p-6 text-ink shadow-soft sm:p-8"
    >
      <h2 id="demo-options-title" className="flex items-center gap-3 text-2xl font-semibold">
        <Settings2 aria-hidden="true" size={26} strokeWidth={1.5} className="text-rose" />
        Demo options
      </h2>
      <p className="mt-2 text-muted">
        Try the site in another layout or direction. Your choice is kept for every page.
      </p>
      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <Options legend="Layout" name="layout" choices={LAYOUTS} value={layout} onChange={setLayout} />
        <Options legend="Direction" name="direction" choices={DIRECTIONS} value={direction} onChange={setDirection} />
      </div>
    </section>
  );
}

interface OptionsProps<T extends string> {
  legend: string;
  name: string;
  choices: Choice<T>[];
  value: T;
  onChange: (value: T) => void;
}

function Options<T extends string>({ legend, name, choices, value, onChange }: OptionsProps<T>) {
  return (
    <fieldset>
      <legend className="font-semibold">{legend}</legend>
      <div className="mt-2 flex rounded-full bg-mist p-1">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className="flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-full px-3 font-semibold has-checked:bg-night has-checked:text-paper has-focus-visible:outline-3 has-focus-visible:outline-gold"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              className="sr-only"
            />
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
