// Integration keys' scopes (venue-operations §12, decision 056): the one table of which API paths
// each scope family covers. Isomorphic: the dashboard's Integrations page lists the same scopes.
// A `:write` scope includes its `:read`. A path no family covers (the team, accounts, sessions,
// keys themselves, locations' own writes, activity, the whole-business export and import, a flow
// meter's ingest token: a key never mints another credential) is never open to a key. The board fleet
// (venue-operations §10, decision 067): its list and statuses are read with the menus (a status monitor
// reads it with menus:read); its writes are never a key's: pairing hands a TV a lasting credential to a
// location's menus, and renaming, reloading or unpairing the screens in the room is the dashboard's;
// the TV's own routes (/boards/pairings, /boards/device/…) know it by its device cookie alone.

export const SCOPES = [
  "menus:read",
  "menus:write",
  "events:read",
  "events:write",
  "hours:read",
  "hours:write",
  "insights:read",
  "webhooks:write",
  "taps:write",
] as const;
export type Scope = (typeof SCOPES)[number];

/** What each scope lets an integration do, in a manager's words. */
export const SCOPE_WORDS: Record<Scope, string> = {
  "menus:read": "Read menus, prices, the 86 list and the change feed (boards, websites)",
  "menus:write": "Change menus, sections, items and prices (POS systems)",
  "events:read": "Read events",
  "events:write": "Create and change events",
  "hours:read": "Read opening hours",
  "hours:write": "Change opening hours",
  "insights:read": "Read insights (check-ins, audience)",
  "webhooks:write": "Manage webhooks",
  "taps:write": "Record pours and keg changes (flow meters)",
};

/** `menus-read`: read with the menus' scopes, never written by a key. */
type Family = "menus" | "menus-read" | "events" | "hours" | "insights" | "webhooks" | "taps" | "any";

const ID = "[^/]+";
/** Path (after /api/v1) → family, first match wins. `any`: any scope may read it (the location itself). */
const FAMILIES: [RegExp, Family][] = [
  [new RegExp(`^/locations(/${ID})?$`), "any"],
  [
    new RegExp(
      `^/locations/${ID}/(menus|custom_menus|changes|eighty_sixed|analytics|menu_announcements|qr\\.svg|google_menu(\\.json)?)(/.*)?$`,
    ),
    "menus",
  ],
  [new RegExp(`^/locations/${ID}/boards$`), "menus-read"],
  [new RegExp(`^/locations/${ID}/events(/.*)?$`), "events"],
  [new RegExp(`^/locations/${ID}/(hours|special_hours)(/.*)?$`), "hours"],
  [new RegExp(`^/locations/${ID}/(insights|pour_report(\\.csv)?|pour_variance)(/.*)?$`), "insights"],
  [new RegExp(`^/locations/${ID}/webhooks(/.*)?$`), "webhooks"],
  [new RegExp(`^/locations/${ID}/(taps|kegs|pours|sensors)(/.*)?$`), "taps"],
  [
    /^\/(menus|sections|items|containers|container_sizes|custom_menus|custom_sections|custom_items|custom_containers|custom_item_types)(\/.*)?$/,
    "menus",
  ],
  [/^\/events(\/.*)?$/, "events"],
  [/^\/webhooks(\/.*)?$/, "webhooks"],
  [/^\/(taps|kegs|pours|sensors)(\/.*)?$/, "taps"],
];

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The scopes that let a key make this request (any one of them suffices), or null when no key may:
 * `GET /menus/1` → menus:read or menus:write; `PATCH /items/2` → menus:write.
 */
export function scopesFor(method: string, pathname: string): Scope[] | null {
  const path = pathname.replace(/^\/api\/v1(?=\/)/, "").replace(/\/+$/, "");
  const family = FAMILIES.find(([pattern]) => pattern.test(path))?.[1];
  if (!family) return null;
  const read = READS.has(method.toUpperCase());
  if (family === "any") return read ? [...SCOPES] : null;
  if (family === "menus-read") return read ? ["menus:read", "menus:write"] : null;
  return SCOPES.filter((scope) => scope.startsWith(`${family}:`) && (read || scope.endsWith(":write")));
}
