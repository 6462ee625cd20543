/** The ticket plans' words shared by the server's features (the door, the Attendees tab) and any page. */
import type { TicketsData } from "../build-outputs";

/** Each plan's title by its id, from the build's tickets.json. */
export const planTitles = (data: TicketsData): Record<string, string> =>
  Object.fromEntries(Object.entries(data.plans).map(([id, p]) => [id, p.title]));
