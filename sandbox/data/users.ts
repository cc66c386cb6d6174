import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sandboxUsers } from "@/sandbox/schema";
import type { SandboxUser } from "../auth";
import type { Ctx } from "../context";
import { notAllowed, notFound, tokenRequired } from "../errors";
import { parseParams, recordId, username } from "../params";
import { canSee } from "./relations";

export async function userByName(db: Db, name: string): Promise<SandboxUser | null> {
  const [user] = await db.select().from(sandboxUsers).where(sql`lower(${sandboxUsers.userName}) = lower(${name})`).limit(1);
  return user ?? null;
}

export async function userById(db: Db, id: number): Promise<SandboxUser | null> {
  const [user] = await db.select().from(sandboxUsers).where(eq(sandboxUsers.id, id)).limit(1);
  return user ?? null;
}

/** USERNAME from the path, or the token's user when it is left out (then an access_token is needed). */
export async function targetUser(ctx: Ctx): Promise<SandboxUser> {
  const name = ctx.path.username;
  if (name === undefined) {
    if (!ctx.viewer.user) throw tokenRequired("USERNAME is required unless the call carries an access_token.");
    return ctx.viewer.user;
  }
  const { username: parsed } = parseParams(z.object({ username }), { username: name });
  const user = await userByName(ctx.db, parsed);
  if (!user) throw notFound("There is no user with that username.");
  return user;
}

/** TARGET_ID from the path: 400 when malformed, 404 when nobody has it. */
export async function targetById(ctx: Ctx): Promise<SandboxUser> {
  const { target_id } = parseParams(z.object({ target_id: recordId("TARGET_ID") }), ctx.path);
  const user = await userById(ctx.db, target_id);
  if (!user) throw notFound("There is no user with that TARGET_ID.");
  return user;
}

/** A private account's activity is shown to the account and its friends only. */
export function assertVisible(ctx: Ctx, user: SandboxUser) {
  if (!canSee(ctx.viewer, user)) throw notAllowed("This user's profile is private: only their friends can see their activity.");
}

export function requireViewer(ctx: Ctx): SandboxUser {
  if (!ctx.viewer.user) throw tokenRequired();
  return ctx.viewer.user;
}
