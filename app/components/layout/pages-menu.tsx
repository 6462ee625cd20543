import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { pageLinks } from "~/lib/shell-data";

/** "Pages" disclosure in the desktop menu: opens on click or Enter/Space, closes on Escape or outside click. */
export function PagesMenu() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!ref.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      ref.current?.querySelector("button")?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div
      ref={ref}
      className="relative"
      onBlur={(event) => {
        if (!ref.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        data-needs-js
        onClick={() => setOpen((value) => !value)}
        className="flex items-center gap-1 rounded px-3 py-2 font-medium hover:text-gold"
      >
        Pages <ChevronDown aria-hidden="true" size={16} />
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute end-0 top-full min-w-52 rounded-[14px] bg-paper p-2 text-ink shadow-soft"
      >
        {pageLinks.map((link) => (
          <li key={link.label}>
            <Link
              to={link.href ?? "/"}
              onClick={() => setOpen(false)}
              className="block rounded px-3 py-2 hover:bg-mist"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
