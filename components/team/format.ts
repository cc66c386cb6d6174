import type { Role } from "@/lib/auth/permissions";

// Words for the team pages: roles, locations and times relative to now.

export const ROLE_LABEL: Record<Role, string> = { owner: "Owner", manager: "Manager", staff: "Staff" };

/** What each role may do, in the words of venue-operations §3. */
export const ROLE_WORDS: Record<Role, string> = {
  owner: "Everything, at every location: the team, locations, menus, insights and webhooks.",
  manager: "Everything at their locations except the team and opening or closing locations.",
  staff: "At their locations: see the menus, events and hours; 86 and restore items; publish and unpublish menus.",
};

export type NamedLocation = { id: number; name: string };

/** "All locations" for owners, else the names of the member's locations (ids the page does not know stay countable). */
export function locationNames(ids: number[] | null, locations: NamedLocation[]): string {
  if (ids === null) return "All locations";
  if (ids.length === 0) return "No locations";
  const names = ids.map((id) => locations.find((location) => location.id === id)?.name ?? `Location ${id}`);
  return names.join(", ");
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];
const RELATIVE = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "2 hours ago", "in 6 days", "just now"; before the page has a clock (server rendering), the date. */
export function relativeTime(at: string, now: Date | null): string {
  const then = new Date(at);
  if (now === null) return then.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
  const seconds = (then.getTime() - now.getTime()) / 1000;
  if (Math.abs(seconds) < 60) return "just now";
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return RELATIVE.format(Math.trunc(seconds / size), unit);
  }
  return RELATIVE.format(Math.trunc(seconds / 60), "minute");
}

/** "14 Mar 2026, 16:05" in the reader's own zone (team links are not tied to a venue). */
export const dateTime = (at: string) =>
  new Date(at).toLocaleString("en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" });
