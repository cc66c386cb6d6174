import type { Db } from "@/lib/db/client";
import type { SandboxUser } from "./auth";

/** How a user relates to the viewer; null when nobody is signed in. */
export type Relationship = "self" | "friends" | "request_sent" | "request_received" | "none";

/** Who is asking: the token's user (or nobody) and how every other user relates to them. */
export type Viewer = {
  user: SandboxUser | null;
  relation(userId: number): Relationship | null;
};

export type Ctx = {
  db: Db;
  now: Date;
  /** Query parameters (credentials removed) with POST body fields on top. */
  params: Record<string, string | undefined>;
  /** Path parameters by name; a trailing one may be missing. */
  path: Record<string, string | undefined>;
  clientId: string;
  viewer: Viewer;
  /** Where this API was reached, e.g. http://127.0.0.1:3000/sandbox; pagination URLs start here. */
  apiRoot: string;
  /** The path under apiRoot, e.g. /v4/user/checkins/demo_owner. */
  routePath: string;
};

export type Handler = (ctx: Ctx) => Promise<unknown>;
