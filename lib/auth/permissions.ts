// Who may do what (venue-operations §3): the one table. Every authenticated route declares the action
// it performs (`may:` on endpoint(), lib/http/handler.ts) and, when it touches one location's data,
// which record names that location (`at:`); the request wrapper enforces both before the handler runs.
// Isomorphic: the dashboard shows each person only the controls this table lets their role use.
// The roles' other rules live here too (which role works at every location, who keeps the business),
// so nothing else compares a role with a name: lint/role-rules.grit fails on `role === "owner"` elsewhere.

export const ROLES = ["owner", "manager", "staff"] as const;
export type Role = (typeof ROLES)[number];

const everyone: readonly Role[] = ROLES;
const managers: readonly Role[] = ["owner", "manager"];
const owners: readonly Role[] = ["owner"];

/** The actions, and the roles that may perform each. */
export const MAY = {
  /** One's own account: who one is, one's tokens, password and sessions. */
  account: everyone,
  /** Read a location's menus, events, hours, sizes, feed and 86 list. */
  read: everyone,
  /** 86 an item and restore it. */
  eightySix: everyone,
  /** Record pours, tap a new keg, kick a keg (venue-operations §8): what a bartender does at the taps. */
  pour: everyone,
  /** Reload a board or make it show its name (venue-operations §10): what staff do when a TV looks stuck. */
  nudgeBoard: everyone,
  /** Publish and unpublish a menu. */
  publish: everyone,
  /** Change menus, sections, items, prices, containers, events, hours, taps, the location's fields; revert; pair, change and unpair boards. */
  edit: managers,
  /** Read what staff do not: insights, analytics, webhooks and their deliveries, activity, the team. */
  manage: managers,
  /** Invite, change and remove members; create, archive and restore locations. */
  own: owners,
} as const satisfies Record<string, readonly Role[]>;
export type Action = keyof typeof MAY;

/** Whether `role` may perform `action`. */
export const may = (role: Role, action: Action): boolean => MAY[action].includes(role);

/**
 * Whether a member of this role works at every location, including ones added later: their locations
 * are null, never a list (owners). Every other role names at least one location. Takes the role as
 * stored (text).
 */
export const worksEverywhere = (role: string): boolean => owners.includes(role as Role);

/**
 * The roles that keep the business: it always has a member of one of them (the last one cannot be
 * demoted or removed, 409 last_owner), since only they may do what `own` covers.
 */
export const KEEPERS: readonly Role[] = MAY.own;

/** Whether a member of this role (as stored) keeps the business (KEEPERS). */
export const keepsTheBusiness = (role: string): boolean => KEEPERS.includes(role as Role);

/** The words for the roles an action needs, for a 403's detail ("the manager or owner role"). */
export function rolesFor(action: Action): string {
  const roles = [...MAY[action]].reverse();
  return roles.length === 1 ? `the ${roles[0]} role` : `the ${roles.slice(0, -1).join(", ")} or ${roles.at(-1)} role`;
}

/** A role in words with its article: "an owner", "a manager". */
export const aRole = (role: string): string => `${/^[aeiou]/i.test(role) ? "an" : "a"} ${role}`;

/** A 403's detail for a role without the action: "This needs the owner role; you are a manager." */
export const refusedRole = (role: string, action: Action): string => `This needs ${rolesFor(action)}; you are ${aRole(role)}.`;

/** Whether a member with these locations (null: every location, as owners) may see `locationId`. */
export const seesLocation = (locationIds: readonly number[] | null, locationId: number) =>
  locationIds === null || locationIds.includes(locationId);
