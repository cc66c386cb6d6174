import { and, type Column, eq, getTableColumns, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { businesses, invitations, locations, menuChanges, users, type User } from "@/lib/db/schema";
import { encryptSecret, hashToken, newToken } from "@/lib/auth/tokens";
import { worksEverywhere } from "@/lib/auth/permissions";
import { appUrl, INVITATION_LIFETIME_DAYS } from "@/lib/team/invitations";
import { newWebhookSecret } from "@/lib/webhooks/signing";
import { ApiError } from "@/lib/server/errors";
import { rows } from "@/lib/menus/history/target";
import type { ExportFile } from "./format";
import type { ImportResponse } from "./schemas";
import { checkReferences, ownerColumns } from "./references";
import { PARTS, type Part, toInsertRow } from "./tables";

/** The TypeScript key of a part's SQL column. */
const keyOf = (part: Part, name: string) => Object.entries(getTableColumns(part.table)).find(([, column]) => column.name === name)![0];

// POST /import (venue-operations §6, decision 060): an export restored into a business with no locations,
// in one transaction, with the export's ids, so every read of the business answers as it did.

const CHUNK = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

type Row = Record<string, unknown>;

/** Per table: how a row of the file is stored here. */
const ADJUST: Record<string, (row: Row, ctx: { businessId: number; tx: number }) => Row> = {
  // Inserted as raised by this transaction already, so the menus' triggers do not raise it again
  // (set back to none at the end: transaction ids are not exported, they mean nothing here).
  locations: (row, { tx }) => ({ ...row, menusVersionTx: tx }),
  // A new signing secret: the old one never leaves its database (the owner copies the new one).
  webhooks: (row) => ({ ...row, secretEncrypted: encryptSecret(newWebhookSecret()), leaseToken: null, leasedUntil: null }),
  // A change's transaction, only ever compared with the current one by the triggers: the file's group
  // number (its transaction's first change) negated, which no transaction of this database has.
  menu_changes: (row) => ({ ...row, tx: -Math.abs(row.tx as number) }),
  // A sale's connection, not in the file (it holds the POS's tokens): negated, so it never names a
  // connection of this database, and a file cannot claim another business's order lines (each counts
  // once per connection, order and line).
  pos_sales: (row) => ({ ...row, connectionId: -Math.abs(row.connectionId as number) }),
};

/** Written after the tree, in place of the change records the triggers make while the tree is inserted. */
const HISTORY = new Set(["menu_changes", "menu_edits"]);

async function insertRows(tx: Db, part: Part, list: Row[]) {
  const hasId = "id" in (part.table as unknown as Record<string, unknown>);
  for (let start = 0; start < list.length; start += CHUNK) {
    const chunk = list.slice(start, start + CHUNK);
    const insert = tx.insert(part.table as never);
    await (hasId ? insert.overridingSystemValue() : insert).values(chunk as never);
  }
}

/** The sequence that numbers `part`'s ids (custom menus share the menus' one: decision 052). */
async function sequenceOf(tx: Db, part: Part): Promise<string | null> {
  const found = await rows<{ seq: string | null }>(
    tx,
    sql`
    select coalesce(pg_get_serial_sequence(quote_ident(${part.key}), 'id'),
                    substring(column_default from 'nextval\\(''([^'']+)''')) as seq
    from information_schema.columns
    where table_schema = current_schema() and table_name = ${part.key} and column_name = 'id'`,
  );
  return found[0]?.seq ?? null;
}

async function takenIds(tx: Db, part: Part, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const id = (part.table as unknown as { id: Column }).id;
  const found = await rows<{ id: number }>(tx, sql`select ${id} as id from ${part.table} where ${inArray(id, ids)} limit 5`);
  return found.map((row) => Number(row.id));
}

export async function restoreBusiness(db: Db, caller: User, file: ExportFile, now = new Date()): Promise<ImportResponse> {
  const businessId = caller.businessId;
  const links: { email: string; role: string; token: string }[] = [];
  const skipped: { email: string; reason: string }[] = [];
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
    const [existing] = await tx.select({ id: locations.id }).from(locations).where(eq(locations.businessId, businessId)).limit(1);
    if (existing) {
      throw new ApiError(
        "conflict",
        "This business already has locations: an export is restored only into a business with none (a new sign-up). Nothing was written.",
      );
    }
    for (const part of PARTS) {
      const ids = (file.tables[part.key] ?? []).map((row) => row.id).filter((id): id is number => typeof id === "number");
      const taken = "id" in (part.table as unknown as Record<string, unknown>) ? await takenIds(tx, part, ids) : [];
      if (taken.length > 0) {
        throw new ApiError(
          "conflict",
          `This database already holds ${part.key} with the export's ids (${taken.join(", ")}): restore into a fresh install. Nothing was written.`,
        );
      }
    }
    // Before any write: every id a row names is one this file restores (422 naming the row otherwise).
    const historyHighest = await checkReferences(tx, file);
    const [current] = await rows<{ tx: string }>(tx, sql`select txid_current()::text as tx`);
    const txid = Number(current!.tx);
    const ctx = { businessId, tx: txid };
    await tx.update(businesses).set({ name: file.business.name, updatedAt: now }).where(eq(businesses.id, businessId));

    const fileRows = (part: Part) =>
      (file.tables[part.key] ?? []).map((row) => {
        const stored = toInsertRow(part, row as Row);
        // The file's business is never trusted: every column naming the owner names the caller's.
        for (const owner of ownerColumns(part)) stored[keyOf(part, owner.column)] = businessId;
        return ADJUST[part.key]?.(stored, ctx) ?? stored;
      });
    for (const part of PARTS.filter((part) => !HISTORY.has(part.key))) {
      const stored = fileRows(part);
      await insertRows(tx, part, stored);
      counts[part.key] = stored.length;
    }
    // The triggers recorded the inserts above as this transaction's changes: the export's history replaces them.
    await tx.delete(menuChanges).where(eq(menuChanges.tx, txid));
    for (const part of PARTS.filter((part) => HISTORY.has(part.key))) {
      const stored = fileRows(part);
      await insertRows(tx, part, stored);
      counts[part.key] = stored.length;
    }
    await tx.update(locations).set({ menusVersionTx: null }).where(eq(locations.businessId, businessId));
    for (const part of PARTS) {
      const named = historyHighest.get(part.key) ?? 0;
      if (!counts[part.key] && !named) continue;
      const seq = await sequenceOf(tx, part);
      if (!seq) continue;
      const id = (part.table as unknown as Record<string, never>).id;
      // Past the deleted records the history names too, so no record made later inherits their history.
      await tx.execute(
        sql`select setval(${seq}::regclass, greatest((select max(${id}) from ${part.table}), ${named}::bigint, coalesce(pg_sequence_last_value(${seq}::regclass), 0), 1))`,
      );
    }

    // People: the caller stands for the export's account with their email; everyone else, and every
    // pending invitation, is invited again (new one-time links, never the old secrets).
    const wanted = new Map<string, { role: string; locationIds: number[] | null }>();
    for (const user of file.users) {
      if (user.email === caller.email) continue;
      wanted.set(user.email as string, { role: user.role as string, locationIds: (user.location_ids as number[] | null) ?? null });
    }
    for (const invitation of file.invitations) {
      const pending = !invitation.accepted_at && !invitation.revoked_at && new Date(invitation.expires_at as string) > now;
      if (!pending || invitation.email === caller.email || wanted.has(invitation.email as string)) continue;
      wanted.set(invitation.email as string, {
        role: invitation.role as string,
        locationIds: (invitation.location_ids as number[] | null) ?? null,
      });
    }
    const emails = [...wanted.keys()];
    const taken = emails.length
      ? new Set((await tx.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email))
      : new Set<string>();
    for (const [email, { role, locationIds }] of wanted) {
      if (taken.has(email)) {
        skipped.push({ email, reason: "has an account in this install already" });
        continue;
      }
      const token = newToken();
      await tx
        .update(invitations)
        .set({ revokedAt: now, updatedAt: now })
        .where(
          and(
            eq(invitations.businessId, businessId),
            eq(invitations.email, email),
            isNull(invitations.acceptedAt),
            gt(invitations.expiresAt, now),
          ),
        );
      await tx.insert(invitations).values({
        businessId,
        email,
        role,
        locationIds: worksEverywhere(role) ? null : (locationIds ?? []),
        tokenHash: hashToken(token),
        invitedBy: caller.id,
        expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_DAYS * DAY_MS),
        createdAt: now,
        updatedAt: now,
      });
      links.push({ email, role, token });
    }
  });
  return {
    counts,
    invitations: links.map(({ email, role, token }) => ({ email, role, url: `${appUrl()}/invitations/accept?token=${token}` })),
    skipped,
  };
}
