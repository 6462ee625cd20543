import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

export interface IconItemProps {
  icon: LucideIcon;
  children: ReactNode;
  /** Icon size in px. */
  size?: number;
  /** Gap between icon and text. */
  gap?: "gap-1.5" | "gap-2";
  iconClassName?: string;
}

/** A list item led by a decorative icon: a date, an author, a place. */
export function IconItem({
  icon: Icon,
  children,
  size = 16,
  gap = "gap-1.5",
  iconClassName = "text-gold-deep",
}: IconItemProps) {
  return (
    <li className={`flex items-center ${gap}`}>
      <Icon aria-hidden="true" size={size} strokeWidth={1.5} className={iconClassName} />
      {children}
    </li>
  );
}
