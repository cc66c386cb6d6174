import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { boards, locations, menus } from "@/lib/db/schema";
import { invalid } from "@/lib/server/errors";
import { found, type Scope } from "@/lib/server/scope";
import { notifyBoard } from "./commands";
import { openAt } from "./open";
import type { BoardResponse, UpdateBoardInput } from "./schemas";
import { boardStatus, lastHeard } from "./status";

// The board fleet as a manager sees it (venue-operations §10): the location's boards with their status,
// and a board's changes. Every read and write names the business in its WHERE; the TV hears each change
// through notifyBoard (lib/boards/commands.ts) after the transaction commits.

type Board = typeof boards.$inferSelect;
type Location = typeof locations.$inferSelect;
type Menu = { name: string; version: number } | null;

export function boardJson(board: Board, menu: Menu, now: Date, open: boolean): BoardResponse {
  return {
    id: board.id,
    location_id: board.locationId,
    name: board.name,
    menu_id: board.menuId,
    menu_name: menu?.name ?? null,
    theme: board.theme as BoardResponse["theme"],
    language: board.language,
    last_seen_at: board.lastSeenAt?.toISOString() ?? null,
    version_shown: board.versionShown,
    menu_version: menu?.version ?? null,
    status: boardStatus(lastHeard(board), now, open),
    created_at: board.createdAt.toISOString(),
  };
}

const withMenu = (db: Db) =>
  db.select({ board: boards, menuName: menus.name, menuVersion: menus.version }).from(boards).leftJoin(menus, eq(menus.id, boards.menuId));

const menuOf = (row: { menuName: string | null; menuVersion: number | null }): Menu =>
  row.menuName === null ? null : { name: row.menuName, version: row.menuVersion! };

/** GET /locations/:id/boards: the location's boards by name, each with its status at `now`. */
export async function listBoards(db: Db, { location, now = new Date() }: { location: Location; now?: Date }) {
  const rows = await withMenu(db).where(eq(boards.locationId, location.id)).orderBy(asc(boards.name), asc(boards.id));
  const open = rows.length > 0 && (await openAt(db, location, now));
  return { boards: rows.map((row) => boardJson(row.board, menuOf(row), now, open)) };
}

/** The board where the caller's business owns its (unarchived) location, with that location; null if none. */
export async function findBoard(db: Db, { businessId, id }: Scope) {
  const [row] = await db
    .select({ board: boards, location: locations })
    .from(boards)
    .innerJoin(locations, eq(locations.id, boards.locationId))
    .where(and(eq(boards.id, id), eq(locations.businessId, businessId), isNull(locations.archivedAt)))
    .limit(1);
  return row ?? null;
}

/** One board as the API answers it, at `now`. */
export async function readBoard(db: Db, scope: Scope, now = new Date()): Promise<BoardResponse> {
  const { location } = found(await findBoard(db, scope), "board");
  const [row] = await withMenu(db).where(eq(boards.id, scope.id));
  return boardJson(found(row, "board").board, menuOf(row!), now, await openAt(db, location, now));
}

/** Refuses a menu that is not one of this location's (422, nothing written). */
export async function checkMenu(db: Pick<Db, "select">, locationId: number, menuId: number) {
  const [menu] = await db
    .select({ id: menus.id })
    .from(menus)
    .where(and(eq(menus.id, menuId), eq(menus.locationId, locationId)));
  if (!menu) throw invalid([{ path: "menu_id", message: "must be a menu of this board's location" }], "That menu is not at this location.");
}

/**
 * PATCH /boards/:id: its name, menu (one of its location's) or theme; its TV reads them again at commit
 * (`board`). A menu of another location is 422 and changes nothing.
 */
export async function updateBoard(
  db: Db,
  { businessId, id, input, now = new Date() }: Scope & { input: UpdateBoardInput; now?: Date },
): Promise<BoardResponse> {
  return db.transaction(async (tx) => {
    const { board } = found(await findBoard(tx, { businessId, id }), "board");
    if (input.menu_id !== undefined) await checkMenu(tx, board.locationId, input.menu_id);
    await tx
      .update(boards)
      .set({
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.menu_id === undefined ? {} : { menuId: input.menu_id }),
        ...(input.theme === undefined ? {} : { theme: input.theme }),
        ...(input.language === undefined ? {} : { language: input.language }),
        updatedAt: new Date(),
      })
      .where(eq(boards.id, board.id));
    await notifyBoard(tx, board.id, "board");
    return readBoard(tx, { businessId, id }, now);
  });
}

/** POST /boards/:id/reload and /identify: the TV reloads the page, or shows its name large for a few seconds. */
export async function commandBoard(
  db: Db,
  { businessId, id, command, now = new Date() }: Scope & { command: "reload" | "identify"; now?: Date },
): Promise<BoardResponse> {
  return db.transaction(async (tx) => {
    const board = await readBoard(tx, { businessId, id }, now);
    await notifyBoard(tx, board.id, command);
    return board;
  });
}

/**
 * DELETE /boards/:id: the board is unpaired; its TV is told first (in the same transaction, so only at
 * commit) and shows a new code. Answers the board as it was.
 */
export async function unpairBoard(db: Db, { businessId, id, now = new Date() }: Scope & { now?: Date }): Promise<BoardResponse> {
  return db.transaction(async (tx) => {
    const gone = await readBoard(tx, { businessId, id }, now);
    await notifyBoard(tx, id, "unpaired");
    await tx.delete(boards).where(eq(boards.id, id));
    return gone;
  });
}
