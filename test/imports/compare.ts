// What "answers the same, apart from ids" means for an imported location (issue 32), shared by the
// in-process test (test/imports/imports.test.ts) and the two-process one (e2e/import.api.spec.ts).

/** Ids and what only says which record this is (its version, its legacy mark, the id at its source) are not compared. */
const ID_KEYS = new Set([
  "id",
  "menu_id",
  "section_id",
  "item_id",
  "location_id",
  "uuid",
  "_track_by",
  "version",
  "legacy",
  "legacy_menu_id",
  "source_id",
]);

export function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds);
  // A price's size is the install's own record (seeded when it was set up), matched by name.
  if (value && typeof value === "object" && "ounces" in value && "name" in value) return { name: value.name };
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !ID_KEYS.has(key))
        .map(([key, inner]) => [key, withoutIds(inner)]),
    );
  }
  return value;
}
