import {
  Award,
  BookOpen,
  Briefcase,
  Clock,
  Coffee,
  Handshake,
  Heart,
  MapPin,
  Mic,
  Music,
  PartyPopper,
  Route,
  Sparkles,
  Star,
  Ticket,
  Users,
  type LucideIcon,
  type LucideProps,
} from "lucide-react";
import type { IconName } from "~/content/schemas";

/**
 * Icons content names (features, fun facts, event info, pages.yaml). Only these are imported: each icon
 * is bundled where it is imported. A name content adds later shows the fallback star until it is mapped
 * here (content-icon.test.ts checks every content file).
 */
export const CONTENT_ICONS: Partial<Record<IconName, LucideIcon>> = {
  Award,
  BookOpen,
  Briefcase,
  Clock,
  Coffee,
  Handshake,
  Heart,
  MapPin,
  Mic,
  Music,
  PartyPopper,
  Route,
  Sparkles,
  Ticket,
  Users,
};

export function ContentIcon({ name, ...props }: { name: IconName } & LucideProps) {
  const Icon = CONTENT_ICONS[name] ?? Star;
  return <Icon aria-hidden="true" strokeWidth={1.5} {...props} />;
}
