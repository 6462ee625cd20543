import { Link } from "react-router";

/** The TNCC mark and name, linking home. */
export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-serif text-2xl font-semibold text-paper">
      <svg viewBox="0 0 32 32" width="36" height="36" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="#E8B13A" />
        <path d="M9 10h14v3h-5.5v11h-3V13H9z" fill="#16123A" />
      </svg>
      <span>
        TNCC<span className="sr-only"> – home</span>
      </span>
    </Link>
  );
}
