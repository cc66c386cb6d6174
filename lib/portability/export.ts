import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { businesses } from "@/lib/db/schema";
import { notFound } from "@/lib/server/errors";
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportFile } from "./format";
import { exportedColumns, PARTS, PEOPLE, type Part, toFileRow } from "./tables";

/** A change's transaction id → the id of the first change of that transaction. */
function groupedByTransaction(changes: Record<string, unknown>[]) {
  const first = new Map<unknown, number>();
  for (const change of changes) first.set(change.tx, Math.min(first.get(change.tx) ?? Number.POSITIVE_INFINITY, change.id as number));
  return changes.map((change) => ({ ...change, tx: first.get(change.tx) }));
}

async function rowsOf(db: Db, part: Part, businessId: number) {
  const columns = Object.fromEntries(exportedColumns(part));
  const pk = (columns.id ? [columns.id] : []) as never[];
  const rows = await db
    .select(columns as never)
    .from(part.table as never)
    .where(part.of(businessId))
    .orderBy(...pk);
  return (rows as Record<string, unknown>[]).map((row) => toFileRow(part, row));
}

/**
 * GET /export: the business's whole data (decision 060), read in one REPEATABLE READ transaction so the
 * parts agree with each other (a change committed meanwhile is in all of them or none).
 */
export async function exportBusiness(db: Db, businessId: number, now = new Date()): Promise<ExportFile> {
  return db.transaction(
    async (tx) => {
      const [business] = await tx.select().from(businesses).where(eq(businesses.id, businessId));
      if (!business) throw notFound("business");
      const tables: Record<string, Record<string, unknown>[]> = {};
      for (const part of PARTS) tables[part.key] = await rowsOf(tx, part, businessId);
      tables.menu_changes = groupedByTransaction(tables.menu_changes ?? []);
      return {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exported_at: now.toISOString(),
        business: { id: business.id, name: business.name },
        users: await rowsOf(tx, PEOPLE.users, businessId),
        invitations: await rowsOf(tx, PEOPLE.invitations, businessId),
        api_keys: await rowsOf(tx, PEOPLE.apiKeys, businessId),
        tables,
      } as ExportFile;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
