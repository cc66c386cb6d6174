import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { getDb, openedDatabase } from "@/lib/db/client";
import { actingAs } from "@/lib/db/actor";
import { countStatements, statementsRun } from "@/lib/db/statement-count";
import { env } from "@/lib/server/env";
import { authenticate, type Caller, knownCaller } from "@/lib/auth/caller";
import { inSight, inSightNow, legacyInSight, type RecordKind } from "@/lib/auth/location-of";
import { type Action, may as roleMay, refusedRole, type Role } from "@/lib/auth/permissions";
import type { KeyScope } from "@/lib/auth/scopes";
import { problemResponse } from "@/lib/shared/schemas";
import { ApiError, databaseUnavailable, type FieldError, invalid, notFound } from "@/lib/server/errors";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { errorFields, log, withRequestId } from "@/lib/server/log";
import { settle } from "@/lib/live/bus";
import { envelopeOf, inSchemaForm, parseJsonBody, readBodyText } from "./body";
import { negotiated, problem, problemFromError } from "./responses";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];
const WRITES = new Set<string>(["POST", "PUT", "PATCH", "DELETE"]);
/** A verb without a query schema takes any query and reads none of it (built once, not per request). */
const NO_QUERY = z.object({});

const MEMO_SIZE = 500;
/**
 * The value computed for a key, computed once and kept frozen; the oldest key is dropped past
 * MEMO_SIZE. A computation that throws (a refusal) is not kept.
 */
function memo<K, V>(): (key: K, compute: () => V) => V {
  const kept = new Map<K, V>();
  return (key, compute) => {
    if (kept.has(key)) return kept.get(key) as V;
    const value = compute();
    if (value !== null && typeof value === "object") Object.freeze(value);
    if (kept.size >= MEMO_SIZE) kept.delete(kept.keys().next().value as K);
    kept.set(key, value);
    return value;
  };
}

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteFn = (request: Request, context: RouteContext) => Promise<Response>;

/**
 * The success answers of a verb: a schema (status 200), or schemas by status (`{ 201: itemEnvelope }`);
 * `null` for an answer without a body (204). Error answers are always `problemResponse`.
 */
export type ResponseSpec = z.ZodType | { [status: number]: z.ZodType | null };
export type DeclaredResponses = { [status: number]: z.ZodType | null };

// Route function → its declared answers, filled when a route module is loaded: nothing is done per
// request. Tests validate every answer against it (test/api.ts); OpenAPI can be generated from it.
const declarations = new WeakMap<RouteFn, DeclaredResponses>();

/** What a route function answers on success, by status; undefined for a function no endpoint() made. */
export function declaredResponses(route: RouteFn): DeclaredResponses | undefined {
  return declarations.get(route);
}

/**
 * What a verb takes, as its endpoint() declared it, filed beside its answers when the module loads:
 * the API description (lib/openapi) is generated from these two maps. `offered` is false for the 405
 * refuser that resource() exports for the methods a path does not offer.
 */
export type DeclaredSpec = {
  offered: boolean;
  auth: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Problem statuses this verb answers beyond the ones its shape implies (lib/openapi/problems.ts). */
  problems?: readonly number[];
  /** The deprecated family: when, until when, and what replaces it (lib/custom-menus/deprecation.ts). */
  deprecation?: { since: string; sunset: string; successor: string | null };
  /** A conditional read (live-menus §2): ETag, If-None-Match, 304 (lib/http/conditional.ts). */
  conditional?: boolean;
  /** What the verb does, in the one table of who may (lib/auth/permissions.ts). */
  may?: Action;
  /** Which integration keys may call it (lib/auth/scopes.ts); undefined: none. */
  scope?: KeyScope;
  /** The record `:id` names, whose location the caller must be able to see. */
  at?: RecordKind;
};
const specs = new WeakMap<RouteFn, DeclaredSpec>();

/** What a route function takes; undefined for a function no endpoint() or resource() made. */
export function declaredSpec(route: RouteFn): DeclaredSpec | undefined {
  return specs.get(route);
}

/** The methods a route module offers: the exported verbs that are not resource()'s 405 refuser. */
export function offeredMethods(module: Partial<Record<string, RouteFn>>): Method[] {
  return METHODS.filter((method) => {
    const route = module[method];
    return route !== undefined && specs.get(route)?.offered === true;
  });
}

/**
 * For wrappers of a route function (the deprecated family's headers): the wrapper answers the same,
 * takes the same, and may add to what is declared (`extra`).
 */
export function sameResponses(from: RouteFn, to: RouteFn, extra: Partial<DeclaredSpec> = {}): RouteFn {
  const declared = declarations.get(from);
  if (declared) declarations.set(to, declared);
  const spec = specs.get(from);
  if (spec) specs.set(to, { ...spec, ...extra });
  return to;
}

function declare(route: RouteFn, response: ResponseSpec): RouteFn {
  declarations.set(route, "safeParse" in response ? { 200: response as z.ZodType } : response);
  return route;
}

type Spec<P, Q, B, A extends boolean, W> = {
  /** false only for POST /sessions and the dashboard's /api/session routes; every other route needs a token. */
  auth?: A;
  /** Runs first, before anything is read: the same-origin checks of the dashboard's session routes. */
  guard?: (request: Request) => void;
  /**
   * Who the caller is, for a route (`auth: false`) that knows it by a credential of its own: a flow
   * meter's ingest token, a TV's cookie. Checked after the params and before the query and body, so a
   * wrong credential is 401 whatever it sent; the handler gets its answer as `admitted`.
   */
  admit?: (ctx: { db: Db; request: Request; params: P }) => Promise<W>;
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** The body's ceiling in bytes when it is not MAX_BODY_BYTES (POST /import reads a whole export). */
  maxBodyBytes?: number;
  /**
   * Runs once the caller is known and allowed, before the body is read: takes what the work needs (a
   * slot, a lease) or throws (429, 409), and returns its release, called however the verb ends.
   * POST /import reserves one restore per business and a few per instance before reading its large body.
   */
  reserve?: (ctx: { db: Db; caller: A extends false ? null : Caller }) => Promise<() => Promise<void> | void>;
  /**
   * The success answer(s). Every /api/v1 route declares them: test/http/responses.unit.test.ts fails on a route
   * without, and the test harness fails on a success answer no schema was declared for.
   */
  response?: ResponseSpec;
  /**
   * Problem statuses beyond the ones the spec's shape implies (auth, params, query, body: see
   * lib/openapi/problems.ts), e.g. `[409]` where a write can conflict. The API description lists them.
   */
  problems?: readonly number[];
  /**
   * A conditional read (live-menus §2): the verb answers an ETag and 304 without a body when
   * If-None-Match names it (lib/http/conditional.ts); declared here, so 304 is in its answers
   * and the API description documents both headers.
   */
  conditional?: boolean;
  /**
   * What the verb does (lib/auth/permissions.ts): a caller whose role may not is refused 403
   * `forbidden_role`. Every authenticated verb declares it (test/http/permissions.unit.test.ts).
   */
  may?: Action;
  /**
   * Which integration keys may call the verb (decision 093, lib/auth/scopes.ts): a scope family
   * (`"menus"`: a read takes menus:read or menus:write, a write menus:write), `"any"` (a read any scope
   * allows) or `"none"`. Checked as the key is authenticated, before anything else: outside it, 403
   * `forbidden_scope`. Undeclared: never a key; every authenticated /api/v1 verb declares it
   * (test/auth/key-scopes.unit.test.ts).
   */
  scope?: KeyScope;
  /**
   * The kind of record the path's `id` names (`"location"` for /locations/:id/…, `"menu"`, `"item"`…):
   * the caller must see its location (a manager or staff member: one of theirs; nobody: an archived
   * one), else 404, exactly as another business's record. Checked before the role, so a record out of
   * sight is never told apart by a 403. With `include_legacy=true` in the query, the id may name the
   * deprecated family's record instead (`legacyInSight`; the handler is told by `legacyRecord`).
   */
  at?: RecordKind;
};

export type HandlerContext<P, Q, B, A extends boolean, W = undefined> = {
  request: Request;
  db: Db;
  caller: A extends false ? null : Caller;
  /** What `admit` answered: the caller a self-authenticating route knows. */
  admitted: W;
  params: P;
  query: Q;
  body: B;
  /**
   * Whether the same request would still be let in now (authentication and who may, again): for an
   * answer that outlives the request's checks, an event stream (lib/live/stream.ts `StreamWatch`).
   */
  stillAllowed: () => Promise<boolean>;
  /**
   * With `include_legacy=true`: the path's id names the custom record, the consolidated one with that id
   * being absent or out of the caller's sight, so the handler must answer the custom one.
   */
  legacyRecord: boolean;
};

export function zodErrors(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join("."),
    message: issue.message,
  }));
}

/** The media type a body schema names (`.meta({ contentMediaType: "text/csv" })`); JSON otherwise. */
export function bodyMediaType(schema: z.ZodType | undefined): string {
  return (schema?.meta() as { contentMediaType?: string } | undefined)?.contentMediaType ?? "application/json";
}

/** The body (at most `limit` bytes): JSON, or the text of the one other media type the body schema names (a CSV file). */
async function readBody(request: Request, mediaType: string, limit?: number): Promise<unknown> {
  const text = await readBodyText(request, limit);
  const type = request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
  if (mediaType !== "application/json") {
    if (type !== mediaType) throw new ApiError("unsupported_media_type", `Send the body as ${mediaType} with Content-Type: ${mediaType}.`);
    return text;
  }
  if (text.trim() === "") return undefined;
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new ApiError("unsupported_media_type", "Send the body as JSON with Content-Type: application/json.");
  }
  return parseJsonBody(text);
}

function parse<T>(schema: z.ZodType<T>, input: unknown, where: "query" | "body"): T {
  // PostgreSQL's text cannot hold NUL: a query parameter with one names nothing (a body's: lib/http/body.ts).
  const nul = where === "query" ? Object.entries(input as Record<string, string>).find(([, value]) => value.includes("\u0000")) : undefined;
  if (nul) throw invalid([{ path: `query.${nul[0]}`, message: "must not contain a NUL character" }], "The query did not pass validation.");
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = zodErrors(result.error, where === "query" ? "query" : undefined);
  throw new ApiError("validation_failed", `The ${where} did not pass validation.`, { errors });
}

/** Any error as problem+json: an ApiError as itself, a lost database 503, anything else logged and 500. */
export function toErrorResponse(error: unknown): Response {
  if (error instanceof ApiError) return problemFromError(error);
  if (isDatabaseUnavailable(error)) return problemFromError(databaseUnavailable());
  log().error(errorFields(error), "Unhandled error in an API handler");
  return problem("internal_error", "Something went wrong on our side. Try again later.");
}

/**
 * Serves a route function under a request id (lib/server/log.ts): its log lines and problem bodies carry
 * it, and the answer names it in X-Request-Id. Errors go out in the media type the caller accepts.
 */
export function identified(route: RouteFn): RouteFn {
  return (request, context) =>
    withRequestId(request, async (requestId) => {
      const response = await route(request, context);
      response.headers.set("x-request-id", requestId);
      return negotiated(request, response);
    });
}

/**
 * Who may (venue-operations §3), before the handler runs: the record's location must be in the
 * caller's sight (404 otherwise, as another business's), then the role must allow the action (403).
 */
async function authorize(
  db: Db,
  caller: Caller,
  spec: { may?: Action; at?: RecordKind },
  params: { id?: number },
  includeLegacy: boolean,
): Promise<{ legacyRecord: boolean }> {
  let legacyRecord = false;
  if (spec.at && params.id !== undefined) {
    const seen = includeLegacy
      ? await legacyInSight(db, caller.user, spec.at, params.id)
      : (await inSight(db, caller.user, spec.at, params.id)) && "consolidated";
    if (!seen) throw notFound(spec.at.replace("_", " "));
    legacyRecord = seen === "legacy";
  }
  checkRole(caller, spec);
  return { legacyRecord };
}

const checkRole = (caller: Caller, spec: { may?: Action }) => {
  if (spec.may && !roleMay(caller.user.role as Role, spec.may)) {
    throw new ApiError("forbidden_role", refusedRole(caller.user.role, spec.may));
  }
};

const SEEN_NOTHING = Object.freeze({ legacyRecord: false });

/**
 * `authorize` from what the read cache keeps, without awaiting: the answer when it is decided here (no
 * record to see, or its location kept and seen), undefined when the database must be asked. A record
 * out of sight is left to `authorize` (the 404 and `include_legacy`'s second look are its).
 */
function authorizedNow(caller: Caller, spec: { may?: Action; at?: RecordKind }, params: { id?: number }, includeLegacy: boolean) {
  if (spec.at && params.id !== undefined && (includeLegacy || inSightNow(caller.user, spec.at, params.id) !== true)) return undefined;
  checkRole(caller, spec);
  return SEEN_NOTHING;
}

/**
 * Whether the query asks `include_legacy` (Versioning §3), read before the record is looked up. A query
 * that fails validation asks nothing here: the lookup is the plain one, and the query's 422 follows it.
 */
function asksLegacy(readQuery: () => unknown): boolean {
  try {
    return (readQuery() as { include_legacy?: unknown }).include_legacy === true;
  } catch {
    return false;
  }
}

/** Who a change is recorded under: the member, and the integration key they made when one was used. */
const actorName = (caller: Caller) => (caller.key ? `${caller.user.name} (key “${caller.key.name}”)` : caller.user.name);

/**
 * The one wrapper for every v1 verb: authenticate (or `admit`), refuse writes with the read-only token,
 * parse params (a malformed id finds nothing: 404), query and body (422; a body of one record taken
 * with or without its resource key), run, and map every error to problem+json.
 */
export function endpoint<P = Record<string, never>, Q = Record<string, never>, B = undefined, A extends boolean = true, W = undefined>(
  spec: Spec<P, Q, B, A, W>,
  run: (ctx: HandlerContext<P, Q, B, A, W>) => Promise<Response>,
): RouteFn {
  const envelope = spec.body && envelopeOf(spec.body);
  const mediaType = bodyMediaType(spec.body);
  // Boards and integrations poll with the same path and query all day: what passed validation is
  // kept (frozen, so no handler can change it for the next caller), up to MEMO_SIZE of each.
  const parsedParams = memo<string, P>();
  const parsedQueries = memo<string, Q>();
  // What a polled read costs is mostly what it awaits (issue 55): each step below takes what is already
  // at hand (the open database, the read cache's caller and record locations) without a promise, and
  // awaits only what it must fetch.
  const handle: RouteFn = async (request, context) => {
    let release: (() => Promise<void> | void) | undefined;
    try {
      spec.guard?.(request);
      const db = openedDatabase()?.db ?? (await getDb());
      let caller: Caller | null = null;
      if (spec.auth !== false) {
        caller = knownCaller(request) ?? (await authenticate(db, request, spec.scope));
        if (WRITES.has(request.method) && caller.access !== "write") {
          throw new ApiError("read_only_token", "The read-only token cannot change anything; use the read-write token.");
        }
      }
      const rawParams = (await context?.params) ?? {};
      const params = parsedParams(JSON.stringify(rawParams), () => {
        if (!spec.params) return {} as P;
        const parsed = spec.params.safeParse(rawParams);
        if (!parsed.success) throw new ApiError("not_found", "No such record.");
        return parsed.data;
      });
      const url = new URL(request.url);
      const readQuery = () =>
        parsedQueries(url.search, () =>
          parse(spec.query ?? (NO_QUERY as unknown as z.ZodType<Q>), Object.fromEntries(url.searchParams), "query"),
        );
      const includeLegacy = asksLegacy(readQuery);
      const { legacyRecord } = caller
        ? (authorizedNow(caller, spec, params as { id?: number }, includeLegacy) ??
          (await authorize(db, caller, spec, params as { id?: number }, includeLegacy)))
        : SEEN_NOTHING;
      const admitted = (spec.admit ? await spec.admit({ db, request, params }) : undefined) as W;
      const query = readQuery();
      if (spec.reserve) release = await spec.reserve({ db, caller: caller as HandlerContext<P, Q, B, A>["caller"] });
      const raw = WRITES.has(request.method) ? await readBody(request, mediaType, spec.maxBodyBytes) : undefined;
      const body = spec.body ? parse(spec.body, inSchemaForm(envelope, raw), "body") : (undefined as B);
      const stillAllowed = async () => {
        if (spec.auth === false) return true;
        try {
          const again = await authenticate(db, request, spec.scope);
          if (again.user.id !== caller?.user.id) return false;
          await authorize(db, again, spec, params as { id?: number }, includeLegacy);
          return true;
        } catch (error) {
          // A refusal (401, 403, 404) ends it; the database being away (503) does not decide.
          if (error instanceof ApiError && error.status < 500) return false;
          throw error;
        }
      };
      const work = () =>
        run({
          request,
          db,
          caller: caller as HandlerContext<P, Q, B, A, W>["caller"],
          admitted,
          params,
          query,
          body,
          stillAllowed,
          legacyRecord,
        });
      // The caller's writes carry their name into the menus' change records (lib/db/actor.ts); a read
      // changes no menu, so it runs as it is.
      if (!WRITES.has(request.method)) return await work();
      const response = await (caller ? actingAs({ user_id: caller.user.id, name: actorName(caller), via: caller.via }, work) : work());
      // A write answers once this instance has heard its notifications (lib/live/bus.ts): whatever keeps
      // state derived from the database here is current for the caller's next read.
      if (response.status < 400) await settle();
      return response;
    } catch (error) {
      return toErrorResponse(error);
    } finally {
      if (release) await release();
    }
  };
  const route = identified((request, context) => {
    const counting = env().EXPOSE_SQL_COUNT;
    if (!counting) return handle(request, context);
    if (counting === "total") {
      return handle(request, context).then((response) => {
        response.headers.set("x-sql-statements-total", String(statementsRun()));
        return response;
      });
    }
    return countStatements(() => handle(request, context)).then(({ result, statements }) => {
      result.headers.set("x-sql-statements", String(statements));
      return result;
    });
  });
  specs.set(route, {
    offered: true,
    auth: spec.auth !== false,
    params: spec.params,
    query: spec.query,
    body: spec.body,
    problems: spec.problems,
    conditional: spec.conditional,
    may: spec.may,
    scope: spec.scope,
    at: spec.at,
  });
  if (!spec.response) return route;
  const declared = "safeParse" in spec.response ? { 200: spec.response as z.ZodType } : spec.response;
  return declare(route, spec.conditional ? { ...declared, 304: null } : declared);
}

/** problem+json 404 for a path no API route serves (app/api/v1/[[...path]]/route.ts). */
export const unknownPath = identified(async (request) => problem("not_found", `No API route at ${new URL(request.url).pathname}.`));

/**
 * The verbs of one path. Every method is exported so that the ones not offered answer 405 with
 * `Allow` in problem+json instead of the framework's bare answer.
 */
export function resource(handlers: Partial<Record<Method, RouteFn>>): Record<Method | "OPTIONS", RouteFn> {
  const offered = METHODS.filter((method) => handlers[method]);
  // `any` opens a read to every scope: a write declaring it is a mistake, refused as the module loads.
  const anyWrite = offered.find((method) => WRITES.has(method) && specs.get(handlers[method]!)?.scope === "any");
  if (anyWrite) throw new Error(`${anyWrite} declares scope "any", which only a read may: name its family or "none".`);
  const allow = [...offered.flatMap((method) => (method === "GET" ? ["GET", "HEAD"] : [method])), "OPTIONS"].join(", ");
  const refuse = declare(
    identified(async (request) => problem("method_not_allowed", `${request.method} is not offered on this path.`, { headers: { allow } })),
    { 405: problemResponse },
  );
  specs.set(refuse, { offered: false, auth: false });
  const options = declare(
    identified(async () => new Response(null, { status: 204, headers: { allow } })),
    { 204: null },
  );
  specs.set(options, { offered: true, auth: false });
  const out = Object.fromEntries(METHODS.map((method) => [method, handlers[method] ?? refuse]));
  return { ...out, OPTIONS: options } as Record<Method | "OPTIONS", RouteFn>;
}
