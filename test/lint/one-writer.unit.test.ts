import { describe, expect, it } from "vitest";
import { findViolations, LAST_WRITER_MIGRATION, repositoryFiles } from "@/lint/one-writer.mjs";

// The lint gate's rule of one writer of changes (decision 085): what it refuses, where, and that the
// repository holds it.

// A migration after the one that defines the writers (whatever its number).
const LATER = String(LAST_WRITER_MIGRATION + 1).padStart(4, "0");

const at = (file: string, text: string) => findViolations([{ file, text }]).map((v) => `${v.file}:${v.line} ${v.rule}`);

describe("one writer of changes (lint/one-writer.mjs)", () => {
  it("refuses a change inserted by hand, in SQL or through Drizzle, outside the writer", () => {
    expect(at("lib/pos/sync.ts", "await tx.execute(sql`\n  INSERT INTO menu_changes (menu_id) values (1)`);")).toEqual([
      "lib/pos/sync.ts:2 insert-menu-changes",
    ]);
    expect(at("lib/pos/sync.ts", "await tx.insert(menuChanges).values(row);")).toEqual(["lib/pos/sync.ts:1 insert-menu-changes"]);
    expect(at(`lib/db/migrations/${LATER}_pos.sql`, 'insert into "menu_changes" (menu_id) values (1);')).toEqual([
      `lib/db/migrations/${LATER}_pos.sql:1 insert-menu-changes`,
    ]);
  });

  it("refuses pg_notify anywhere but the shipped migrations, and the SQL writers outside their TypeScript callers", () => {
    expect(at("lib/sensors/ingest.ts", "sql`select pg_notify('taproom', PAYLOAD)`")).toEqual(["lib/sensors/ingest.ts:1 raw-pg-notify"]);
    expect(at("lib/live/bus.ts", "sql`select pg_notify(CHANNEL, PAYLOAD)`")).toEqual(["lib/live/bus.ts:1 raw-pg-notify"]);
    expect(at(`lib/db/migrations/${LATER}_sensors.sql`, "PERFORM pg_notify('taproom', '{}');")).toEqual([
      `lib/db/migrations/${LATER}_sensors.sql:1 raw-pg-notify`,
    ]);
    expect(at("lib/sensors/ingest.ts", "sql`select taproom_record_change(ID, 'sensor.offline', '')`")).toEqual([
      "lib/sensors/ingest.ts:1 sql-writers",
    ]);
    // Allowed: a later migration calls the SQL writers, and the writers' own modules call them.
    expect(at(`lib/db/migrations/${LATER}_sensors.sql`, "PERFORM taproom_notify(json_build_object('kind', 'stale'));")).toEqual([]);
    expect(at("lib/live/changes.ts", "sql`select taproom_record_change(MENU, TYPE, SUMMARY)`")).toEqual([]);
    // The migrations that shipped before the writer are history.
    expect(at("lib/db/migrations/0009_live_menu_triggers.sql", "PERFORM pg_notify('taproom', '{}');")).toEqual([]);
  });

  it("refuses a background subscriber of its own: workers are jobs the runner wakes", () => {
    expect(at("lib/taps/sensors/alerts.ts", 'import { subscribe } from "@/lib/live/bus";')).toEqual([
      "lib/taps/sensors/alerts.ts:1 bus-subscribe",
    ]);
    expect(at("lib/live/alerts.ts", 'import { type LiveEvent, subscribe } from "./bus";')).toEqual(["lib/live/alerts.ts:1 bus-subscribe"]);
    // Allowed: the per-connection streams, the read cache, the runner's caller, tests, and the bus's other names.
    expect(at("lib/boards/device-stream.ts", 'import { subscribe } from "@/lib/live/bus";')).toEqual([]);
    expect(at("test/pos/outbound.test.ts", 'import { subscribe, wakesOnChange } from "@/lib/live/bus";')).toEqual([]);
    expect(at("lib/pos/outbound.ts", 'import { type LiveEvent, wakesOnChange } from "@/lib/live/bus";')).toEqual([]);
  });

  it("refuses a copy of the filter of a menu's own changes", () => {
    expect(at("lib/insights/news.ts", "sql`coalesce(c.type, '') not like 'board.%'`")).toEqual([
      "lib/insights/news.ts:1 menu-change-filter",
    ]);
  });

  it("finds nothing in the repository as it stands", () => {
    const files = repositoryFiles();
    expect(files.some((f) => f.file === "lib/live/changes.ts")).toBe(true);
    expect(files.some((f) => f.file === "lib/db/migrations/0032_one_change_writer.sql")).toBe(true);
    expect(findViolations(files)).toEqual([]);
  });
});
