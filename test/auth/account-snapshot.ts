import { asc } from "drizzle-orm";
import { activity, browserSessions, invitations, passwordResets } from "@/lib/db/schema";
import { resetEnvForTests } from "@/lib/server/env";
import { db } from "../api";
import { snapshot } from "../snapshot";

/**
 * Every business table (test/snapshot.ts) and the account tables: sessions, reset links, invitations
 * and the activity log. A refused sign-up, password change or reset must leave all of them as they were.
 * Rate-limit counts are left out: counting a refused attempt is the point of them.
 */
export async function accountSnapshot() {
  const database = await db();
  return {
    ...(await snapshot()),
    browserSessions: await database.select().from(browserSessions).orderBy(asc(browserSessions.tokenHash)),
    passwordResets: await database.select().from(passwordResets).orderBy(asc(passwordResets.id)),
    invitations: await database.select().from(invitations).orderBy(asc(invitations.id)),
    activity: await database.select().from(activity).orderBy(asc(activity.id)),
  };
}

/** Runs `work` with some settings changed (undefined: unset), then puts them back. */
export async function withSettings<T>(settings: Record<string, string | undefined>, work: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvForTests();
  };
  apply(settings);
  try {
    return await work();
  } finally {
    apply(saved);
  }
}
