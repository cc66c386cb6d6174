// Integration keys' scopes (venue-operations §12, decision 056): the scopes a key can hold, in a
// manager's words. Isomorphic: the dashboard's Integrations page lists the same scopes. A `:write`
// scope includes its `:read`. Which verbs each scope opens is declared on the verb itself, beside its
// `may:` (endpoint({ may, scope }), lib/http/handler.ts; decision 093). The team, accounts, sessions,
// keys themselves, locations' own writes, activity, the whole-business export and import, a flow
// meter's ingest token, POS connections (a key never mints another credential) are never a key's. The
// board fleet (venue-operations §10, decision 067): its list and statuses are read with the menus (a
// status monitor reads it with menus:read); its writes are never a key's: pairing hands a TV a lasting
// credential to a location's menus, and renaming, reloading or unpairing the screens in the room is the
// dashboard's; the TV's own routes (/boards/pairings, /boards/device/…) know it by its device cookie alone.

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

/** The families of scopes: a family's `:write` includes its `:read` (insights has no write, webhooks and taps no read). */
export type ScopeFamily = "menus" | "events" | "hours" | "insights" | "webhooks" | "taps";

/**
 * Which integration keys may call a verb, declared beside `may:` on its endpoint (decision 093):
 * - a family (`"menus"`): a read (GET, HEAD) takes any of the family's scopes, a write its `:write`;
 * - `"any"`: a read that any scope allows (the locations themselves); a write never declares it;
 * - `"none"`: never a key, whatever its scopes.
 * A verb read-only for keys declares its family on the read and `"none"` on the writes (the board
 * fleet: its list is read with the menus' scopes, its writes are the dashboard's). A verb that declares
 * nothing is never a key's; every authenticated /api/v1 verb declares one (test/auth/key-scopes.unit.test.ts).
 */
export type KeyScope = ScopeFamily | "any" | "none";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a method only reads: the ones a key's read scopes may call. */
export const readsOnly = (method: string) => READS.has(method.toUpperCase());

/**
 * The scopes that let a key make a request of this method to a verb that declared `scope` (any one of
 * them suffices), or null when no key may: `"menus"` on GET → menus:read or menus:write; on PATCH →
 * menus:write.
 */
export function scopesAllowing(scope: KeyScope | undefined, method: string): Scope[] | null {
  if (scope === undefined || scope === "none") return null;
  const read = readsOnly(method);
  if (scope === "any") return read ? [...SCOPES] : null;
  return SCOPES.filter((each) => each.startsWith(`${scope}:`) && (read || each.endsWith(":write")));
}
