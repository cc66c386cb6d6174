import { and, desc, eq, sql } from "drizzle-orm";
import { recordActivity } from "@/lib/activity/activity";
import { currentActor } from "@/lib/db/actor";
import type { Db } from "@/lib/db/client";
import { imports } from "@/lib/db/schema";
import type { Location } from "@/lib/locations/locations";
import { env } from "@/lib/server/env";
import { invalid } from "@/lib/server/errors";
import { iso } from "@/lib/shared/iso";
import { targetProblem } from "@/lib/server/outbound/target";
import { takeSlot } from "@/lib/server/work-slots";
import type { ImportResponse, SourceName } from "./schemas";
import { refuseDuplicates } from "./duplicates";
import { normalizeBaseUrl, readSource, readSourceLocations, type SourceAccess, type SourceOptions } from "./source";
import { originOf, type Plan, syncLocation } from "./sync";

// An import (venue-operations §6): read the whole source location first (each step recorded on the
// import's row, outside any transaction, so the dashboard can show progress from any instance), then
// bring the location in line with it in one transaction. A dry run does the same writes in a
// transaction it rolls back, so its plan is exactly what the import would do and nothing is kept. A
// source that fails stops the import before its transaction begins: nothing is written.

export type ImportRequest = SourceAccess & { source: SourceName; sourceLocationId: number; dryRun: boolean };

const SYSTEM = { user_id: null, name: null, via: "system" } as const;

/** Thrown inside a dry run's transaction to roll it back with the plan it made. */
class DryRun extends Error {
  constructor(readonly plan: Plan) {
    super("dry run");
  }
}

function sourceOptions(overrides: Partial<SourceOptions> = {}): SourceOptions {
  return { allowPrivate: env().WEBHOOK_ALLOW_PRIVATE, timeoutMs: env().IMPORT_TIMEOUT_MS, ...overrides };
}

/** The base URL as the guard sees it: a URL it refuses is 422 on `base_url`, before any call. */
function checkedAccess(access: SourceAccess, options: SourceOptions): SourceAccess {
  const problem = targetProblem(access.baseUrl, options.allowPrivate);
  if (problem) throw invalid([{ path: "base_url", message: problem }]);
  return { ...access, baseUrl: normalizeBaseUrl(access.baseUrl) };
}

/** The source's locations these credentials can read. */
export async function listSourceLocations(access: SourceAccess, overrides?: Partial<SourceOptions>) {
  const options = sourceOptions(overrides);
  return readSourceLocations(checkedAccess(access, options), options);
}

export async function runImport(
  db: Db,
  { location, request, overrides }: { location: Location; request: ImportRequest; overrides?: Partial<SourceOptions> },
): Promise<{ record: ImportResponse; plan: Plan }> {
  const options = sourceOptions(overrides);
  const access = checkedAccess(request, options);
  // The source's answers are held until the transaction ends: one import per slot (decision 076).
  const release = takeSlot();
  try {
    return await importWithin(db, { location, request, options, access });
  } finally {
    release();
  }
}

async function importWithin(
  db: Db,
  { location, request, options, access }: { location: Location; request: ImportRequest; options: SourceOptions; access: SourceAccess },
): Promise<{ record: ImportResponse; plan: Plan }> {
  const [row] = await db
    .insert(imports)
    .values({
      businessId: location.businessId,
      locationId: location.id,
      source: request.source,
      baseUrl: access.baseUrl,
      sourceLocationId: request.sourceLocationId,
      dryRun: request.dryRun,
      actor: currentActor() ?? SYSTEM,
    })
    .returning();
  const id = row!.id;
  const finish = (values: Partial<typeof imports.$inferInsert>) =>
    db
      .update(imports)
      .set({ ...values, finishedAt: sql`now()` })
      .where(eq(imports.id, id))
      .returning()
      .then(([updated]) => importJson(updated!));
  try {
    const snapshot = await readSource(access, options, request.sourceLocationId, async (done, total) => {
      await db.update(imports).set({ stepsDone: done, stepsTotal: total }).where(eq(imports.id, id));
    });
    refuseDuplicates(snapshot);
    const origin = originOf(access.baseUrl, request.sourceLocationId);
    const plan = await apply(db, { location, origin, snapshot, dryRun: request.dryRun, id });
    return { record: await finish({ status: "done", counts: plan.counts }), plan };
  } catch (error) {
    await finish({ status: "failed", error: (error as Error).message }).catch(() => {});
    throw error;
  }
}

async function apply(
  db: Db,
  {
    location,
    origin,
    snapshot,
    dryRun,
    id,
  }: { location: Location; origin: string; snapshot: Parameters<typeof syncLocation>[1]["snapshot"]; dryRun: boolean; id: number },
): Promise<Plan> {
  try {
    return await db.transaction(async (tx) => {
      const plan = await syncLocation(tx, { location, origin, snapshot });
      if (dryRun) throw new DryRun(plan);
      await recordActivity(tx, {
        businessId: location.businessId,
        locationId: location.id,
        kind: "import.completed",
        summary: `Imported “${snapshot.location.name}” from ${origin.split("/locations/")[0]}: ${summary(plan)}`,
        target: { type: "import", id },
      });
      return plan;
    });
  } catch (error) {
    if (error instanceof DryRun) return error.plan;
    throw error;
  }
}

/** "3 created, 1 updated, 2 removed" over every kind. */
export function summary(plan: Plan): string {
  const sum = (key: "create" | "update" | "remove") => Object.values(plan.counts).reduce((total, tally) => total + tally[key], 0);
  const parts = [`${sum("create")} created`, `${sum("update")} updated`, `${sum("remove")} removed`];
  return parts.join(", ");
}

/** The location's imports, newest first (the dashboard polls it for a running one's progress). */
export async function listImports(db: Db, { location, limit = 20 }: { location: Location; limit?: number }) {
  const rows = await db
    .select()
    .from(imports)
    .where(and(eq(imports.locationId, location.id)))
    .orderBy(desc(imports.id))
    .limit(limit);
  return rows.map(importJson);
}

function importJson(row: typeof imports.$inferSelect): ImportResponse {
  return {
    id: row.id,
    location_id: row.locationId,
    source: row.source,
    base_url: row.baseUrl,
    source_location_id: row.sourceLocationId,
    dry_run: row.dryRun,
    status: row.status as ImportResponse["status"],
    progress: { done: row.stepsDone, total: row.stepsTotal },
    counts: (row.counts as ImportResponse["counts"]) ?? null,
    error: row.error,
    started_at: iso(row.startedAt),
    finished_at: row.finishedAt ? iso(row.finishedAt) : null,
  };
}
