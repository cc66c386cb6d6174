import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { api, db, login, type Account } from "../api";
import { databaseAsOf, type TestDatabase } from "../database";
import { locationIds } from "../custom-fixtures";
import { getDatabase, installDatabase, type Database } from "@/lib/db/client";
import { customMenus, menus } from "@/lib/db/schema";
import { seedDemo } from "@/lib/demo/seed";

// Migration 0017 (decision 052) on a database as the release before it left it: the demo's custom menus
// carry their menus' ids, one location's custom menu has been migrated (its successor names it in
// legacy_menu_id and in its history), and one custom menu has an id no menu has. After the upgrade no
// custom menu has a menu's id and every link to a renumbered one names its new id.

type CustomTree = { id: number; name: string; location_id: number; custom_sections: { custom_menu_id: number }[] };

let own: Database;
let upgraded: TestDatabase;
let owner: Account;
let downtown: number;
let harbor: number;
const before: {
  trees: CustomTree[];
  successor: { id: number; version: number; legacy_menu_id: number; etag: string };
  successorVersions: number[];
  late: number;
  menuIds: number[];
} = {} as never;

const as = () => ({ as: owner.ro });
const tree = async (id: number): Promise<CustomTree> => (await api.get(`custom_menus/${id}?full=true`, as())).body.custom_menu;
/** A custom tree without the menu's own id, which the upgrade may change. */
const withoutMenuId = ({ id: _id, custom_sections, ...rest }: CustomTree) => ({
  ...rest,
  custom_sections: custom_sections.map(({ custom_menu_id: _menu, ...section }) => section),
});
/** The owner's custom menus, whole (the rival's are out of their sight). */
const customTrees = async () => {
  const trees: CustomTree[] = [];
  for (const location of [downtown, harbor]) {
    for (const { id } of (await api.get(`locations/${location}/custom_menus`, as())).body.custom_menus) trees.push(await tree(id));
  }
  return trees;
};
const idsOf = async () => {
  const database = await db();
  return {
    menuIds: (await database.select({ id: menus.id }).from(menus)).map((row) => row.id),
    customIds: (await database.select({ id: customMenus.id }).from(customMenus)).map((row) => row.id),
  };
};

/** The tables migration 0020 gives a source_id (lib/imports/). */
/** Columns later migrations add (0020's source_id, 0022's schedules, 0026's 86 reason, 0031's labels, 0033's sensor settings, 0034's size units, 0038's translations), which today's code names in its inserts. */
const LATER_COLUMNS = [
  ...["menus", "sections", "items", "containers", "events"].map((table) => [table, "source_id", "text"]),
  ["menus", "schedule", "jsonb"],
  ["menus", "schedule_epoch", "timestamptz"],
  ["sections", "schedule", "jsonb"],
  ["containers", "time_prices", "jsonb"],
  ["locations", "embed_origins", "jsonb not null default '[]'"],
  ["locations", "keg_low_percent", "integer default 15 not null"],
  ["menu_changes", "summary", "text"],
  ["items", "eighty_sixed_reason", "text"],
  ["locations", "labelling", "text not null default 'none'"],
  ["items", "allergens", "jsonb not null default '[]'"],
  ["items", "dietary", "jsonb not null default '[]'"],
  ["locations", "max_temperature_c", "numeric(4, 1) not null default '7'"],
  ["locations", "line_cleaning_days", "integer not null default 14"],
  ["container_sizes", "unit", "text not null default 'oz'"],
  ["container_sizes", "volume", "numeric(10, 4)"],
  ["locations", "languages", `jsonb not null default '["en"]'`],
  ...["menus", "sections", "items"].map((table) => [table, "translations", "jsonb not null default '{}'"]),
] as const;

/** Tables later migrations create (0024's taps and kegs, with 0033's columns), which today's demo fills: the same columns, no keys to other tables. */
const LATER_TABLES = [
  `create table taps (id integer primary key generated always as identity, location_id integer not null, number integer not null,
    name text, item_id integer, container_id integer, on_deck jsonb not null default '[]', temperature_c numeric(5, 2),
    temperature_at timestamptz, warm_since timestamptz, too_warm_told_at timestamptz, line_cleaned_at timestamptz,
    cleaning_told_at timestamptz, created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
  `create table kegs (id integer primary key generated always as identity, tap_id integer not null, item_id integer,
    size_ml numeric(12, 3) not null, remaining_ml numeric(12, 3) not null, tapped_at timestamptz not null,
    forecast_empty_at timestamptz, low_at timestamptz, kicked_at timestamptz, ended_at timestamptz, cost numeric(10, 2),
    deposit numeric(10, 2), created_at timestamptz not null default now(), updated_at timestamptz not null default now())`,
];

/** The SQL writers of changes (0032), which today's code calls: 0032's own definitions, read from the migration. */
const LATER_FUNCTIONS = readFileSync("lib/db/migrations/0032_one_change_writer.sql", "utf8")
  .split("--> statement-breakpoint")
  .filter((statement) => /CREATE FUNCTION taproom_(notify|insert_change|record_change)\(/.test(statement));

beforeAll(async () => {
  own = await getDatabase();
  const old = await databaseAsOf("0016_token_hash_lookup");
  // Today's code makes the older release's data, and its inserts name the columns later migrations add
  // (LATER_COLUMNS), fill tables they create (LATER_TABLES) and call their SQL functions (LATER_FUNCTIONS):
  // there while it writes, gone again before the upgrade adds them.
  for (const [table, column, type] of LATER_COLUMNS)
    await old.database.db.execute(sql.raw(`alter table ${table} add column ${column} ${type}`));
  for (const create of [...LATER_TABLES, ...LATER_FUNCTIONS]) await old.database.db.execute(sql.raw(create));
  await seedDemo(old.database.db);
  installDatabase(old.database);
  owner = await login("owner");
  [downtown, harbor] = (await locationIds(owner)) as [number, number];

  // A custom menu numbered past every menu: it keeps its id.
  await old.database.db.execute(sql`select setval('custom_menus_id_seq', 1000)`);
  before.late = (
    await api.post(`locations/${downtown}/custom_menus`, { as: owner.rw, body: { custom_menu: { name: "Late list" } } })
  ).body.custom_menu.id;
  // Harbor's custom menu becomes a menu naming it, renamed afterwards (history with legacy_menu_id in both rows).
  const migrated = await api.post(`locations/${harbor}/custom_menus/migrate`, { as: owner.rw });
  expect(migrated.status).toBe(200);
  const harborCustom = (await api.get(`locations/${harbor}/custom_menus`, as())).body.custom_menus[0];
  const successor = migrated.body.menus.find((menu: { legacy_menu_id: number | null }) => menu.legacy_menu_id === harborCustom.id);
  await api.patch(`menus/${successor.id}`, { as: owner.rw, body: { menu: { name: "Harbor wine list" } } });

  const { menuIds, customIds } = await idsOf();
  before.menuIds = menuIds;
  before.trees = await customTrees();
  const current = await api.get(`menus/${successor.id}`, as());
  before.successor = { ...current.body.menu, etag: current.headers.get("etag")! };
  before.successorVersions = (await api.get(`menus/${successor.id}/versions`, as())).body.versions.map(
    (v: { version: number }) => v.version,
  );
  // What the release before answered: the demo's custom menus share their ids with menus.
  expect(customIds.filter((id) => menuIds.includes(id)).length).toBeGreaterThanOrEqual(3);
  expect(before.successor.legacy_menu_id).toBe(harborCustom.id);

  for (const [table, column] of LATER_COLUMNS) await old.database.db.execute(sql.raw(`alter table ${table} drop column ${column}`));
  await old.database.db.execute(sql.raw("drop table kegs, taps"));
  // By name alone (each is the only one of its name).
  await old.database.db.execute(sql.raw("drop function taproom_record_change, taproom_insert_change, taproom_notify"));

  upgraded = await old.upgrade();
  installDatabase(upgraded);
});

afterAll(async () => {
  installDatabase(own);
  await upgraded?.close();
});

/** The custom menu `old` is after the upgrade (by location and name, which the demo keeps distinct). */
const renumbered = async (old: CustomTree) =>
  (await customTrees()).find((now) => now.location_id === old.location_id && now.name === old.name)!;

describe("migration 0017: one id sequence for menus and custom menus", () => {
  it("leaves no custom menu with a menu's id, and keeps the ids that did not collide", async () => {
    const { menuIds, customIds } = await idsOf();
    expect(menuIds.sort()).toEqual([...before.menuIds].sort());
    expect(customIds.filter((id) => menuIds.includes(id))).toEqual([]);
    expect((await customTrees()).map((now) => now.name).sort()).toEqual(before.trees.map((old) => old.name).sort());
    expect(customIds).toContain(before.late);
  });

  it("keeps every custom menu whole under its new id: sections, items and containers", async () => {
    for (const old of before.trees) {
      const now = await renumbered(old);
      expect(now, old.name).toBeDefined();
      expect(withoutMenuId(now)).toEqual(withoutMenuId(old));
      for (const section of now.custom_sections) expect(section.custom_menu_id).toBe(now.id);
      if (before.menuIds.includes(old.id)) expect((await api.get(`custom_menus/${old.id}`, as())).status).toBe(404);
      else expect(now.id).toBe(old.id);
    }
  });

  it("answers a custom menu at GET /menus/:id?include_legacy=true, and the menu replacing one at its new id", async () => {
    const downtownCustom = await renumbered(before.trees.find((t) => t.location_id === downtown && t.name !== "Late list")!);
    const legacy = await api.get(`menus/${downtownCustom.id}?full=true&include_legacy=true`, as());
    expect(legacy.body.menu).toMatchObject({ id: downtownCustom.id, legacy: true, location_id: downtown });
    expect(legacy.body.custom_menu).toEqual(downtownCustom);

    const harborCustom = await renumbered(before.trees.find((t) => t.location_id === harbor)!);
    const successor = (await api.get(`menus/${before.successor.id}`, as())).body.menu;
    expect(successor.legacy_menu_id).toBe(harborCustom.id);
    const replaced = await api.get(`menus/${harborCustom.id}?include_legacy=true`, as());
    expect(replaced.body.menu).toMatchObject({ id: before.successor.id, name: "Harbor wine list" });
    expect(replaced.body.menu.legacy).toBeUndefined();
  });

  it("raises the successor's version as a change by the system, and its history names the new id", async () => {
    const harborCustom = await renumbered(before.trees.find((t) => t.location_id === harbor)!);
    const current = await api.get(`menus/${before.successor.id}`, as());
    expect(current.body.menu.version).toBe(before.successor.version + 1);
    expect(current.headers.get("etag")).not.toBe(before.successor.etag);
    const versions = (await api.get(`menus/${before.successor.id}/versions`, as())).body.versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([before.successor.version + 1, ...before.successorVersions]);
    expect(versions[0]).toMatchObject({ actor: { via: "system" }, summary: "Changed menu “Harbor wine list”" });
    expect(versions[0].changes[0].type).toBe("menu.updated");
    for (const version of before.successorVersions) {
      const then = (await api.get(`menus/${before.successor.id}/versions/${version}`, as())).body.menu;
      expect(then.legacy_menu_id, `version ${version}`).toBe(harborCustom.id);
    }
  });

  it("gives menus and custom menus created afterwards ids neither has", async () => {
    const created = [];
    for (let round = 0; round < 2; round++) {
      created.push(
        (await api.post(`locations/${downtown}/custom_menus`, { as: owner.rw, body: { custom_menu: { name: `New ${round}` } } })).body
          .custom_menu.id,
        (await api.post(`locations/${downtown}/menus`, { as: owner.rw, body: { menu: { name: `New ${round}` } } })).body.menu.id,
      );
    }
    const { menuIds, customIds } = await idsOf();
    expect(customIds.filter((id) => menuIds.includes(id))).toEqual([]);
    expect(new Set(created).size).toBe(created.length);
    expect(Math.min(...created)).toBeGreaterThan(before.late);
  });
});
