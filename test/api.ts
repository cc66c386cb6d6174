import path from "node:path";
import { readdirSync, statSync } from "node:fs";
import { getDb, type Db } from "@/lib/db/client";
import { declaredResponses, type RouteFn } from "@/lib/http/handler";
import { problemResponse } from "@/lib/shared/schemas";
import { z } from "zod";
import { DEMO } from "@/lib/demo/seed";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "@/app/api/v1/openapi/document";

// Resolves a URL path to the app's route module the way Next.js does (static segments before
// dynamic ones, catch-alls last), so tests speak HTTP paths and run the real handlers.
const root = path.resolve(import.meta.dirname, "../app");

type Route = { file: string; segments: string[] };

function findRoutes(dir: string, prefix: string[] = []): Route[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return findRoutes(full, [...prefix, entry]);
    return entry === "route.ts" ? [{ file: full, segments: prefix }] : [];
  });
}

const rank = (segment: string) => (segment.startsWith("[[...") || segment.startsWith("[...") ? 2 : segment.startsWith("[") ? 1 : 0);
const routes = findRoutes(root).sort((a, b) => {
  for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
    const diff = rank(a.segments[i] ?? "") - rank(b.segments[i] ?? "");
    if (diff !== 0) return diff;
  }
  return 0;
});

function match(pathname: string): { route: Route; params: Record<string, string | string[]> } | null {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const route of routes) {
    const params: Record<string, string | string[]> = {};
    let ok = true;
    for (let i = 0; i < route.segments.length && ok; i++) {
      const segment = route.segments[i]!;
      // Optional catch-all: also matches when the path ends here.
      if (segment.startsWith("[[...")) return { route, params: { ...params, [segment.slice(5, -2)]: parts.slice(i) } };
      if (segment.startsWith("[...")) {
        if (parts.length <= i) break;
        return { route, params: { ...params, [segment.slice(4, -1)]: parts.slice(i) } };
      }
      if (segment.startsWith("[")) params[segment.slice(1, -1)] = parts[i] ?? "";
      else ok = segment === parts[i];
    }
    if (ok && route.segments.length === parts.length) return { route, params };
  }
  return null;
}

export type Credentials = { email: string; token: string };
export type CallOptions = {
  as?: Credentials | null;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
};

/** `bytes`: the answer as sent (a PDF's body is not text). */
export type ApiResponse = { status: number; headers: Headers; body: any; bytes: Uint8Array };

export async function call(method: string, url: string, options: CallOptions = {}): Promise<ApiResponse> {
  const target = new URL(url, "http://127.0.0.1:3000/api/v1/");
  const found = match(target.pathname);
  if (!found) throw new Error(`no route file serves ${target.pathname}`);
  const module = (await import(found.route.file)) as Record<string, (req: Request, ctx: unknown) => Promise<Response>>;
  const headers = new Headers(options.headers);
  if (options.as) headers.set("authorization", basic(options.as));
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const handler = module[method];
  if (!handler) throw new Error(`${found.route.file} exports no ${method}`);
  const response = await handler(new Request(target, { method, headers, body }), { params: Promise.resolve(found.params) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(bytes);
  const type = response.headers.get("content-type") ?? "";
  const parsed = type.includes("json") && text ? JSON.parse(text) : text;
  checkAnswer(`${method} ${target.pathname}`, handler as RouteFn, response.status, parsed);
  checkDocumented(method, found.route, response.status, parsed);
  return {
    status: response.status,
    headers: response.headers,
    body: withoutRequestId(`${method} ${target.pathname}`, response, parsed),
    bytes,
  };
}

/**
 * Every API answer names its request (X-Request-Id); a problem body repeats it as `request_id`. Checked
 * here, then taken out of the body: it differs on every request, and tests compare bodies with each
 * other ("the same 401 for a wrong password and an unknown email").
 */
function withoutRequestId(what: string, response: Response, body: unknown) {
  const requestId = response.headers.get("x-request-id");
  if (what.includes(" /api/v") && !requestId) throw new Error(`${what} answered without X-Request-Id`);
  if (!body || typeof body !== "object" || !("request_id" in body)) return body;
  const { request_id, ...rest } = body as { request_id: unknown };
  if (request_id !== requestId) throw new Error(`${what}: request_id ${String(request_id)} is not the X-Request-Id ${requestId}`);
  return rest;
}

/**
 * Every answer a test sees is checked against what its route declares (`endpoint({ response })`):
 * a success body against the schema for its status, an error body against problem+json. A success
 * answer from /api/v1 that no schema was declared for fails the test.
 */
function checkAnswer(what: string, handler: RouteFn, status: number, body: unknown) {
  const declared = declaredResponses(handler);
  if (!declared && !what.includes(" /api/v1")) return;
  if (status >= 400) return expectShape(what, status, problemResponse, body);
  if (!declared || !(status in declared)) {
    throw new Error(`${what} answered ${status}, but its route declares no response for ${status} (endpoint({ response }))`);
  }
  const schema = declared[status];
  if (schema === null) {
    if (body !== "") throw new Error(`${what} answered ${status} with a body, but declares none`);
    return;
  }
  expectShape(what, status, schema!, body);
}

// ---- the same check through the API description (GET /api/v1/openapi.json) ----

const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();
type Json = Record<string, any>;
const resolve = (node: Json): Json =>
  typeof node?.$ref === "string"
    ? resolve(
        node.$ref
          .slice(2)
          .split("/")
          .reduce((at: Json, key: string) => at[key], openApiDocument()),
      )
    : node;

/**
 * Every /api/v1 answer is also checked against what the document says of its operation: the status
 * must be one it lists (a problem status the rule in lib/openapi/problems.ts forgot fails here), and
 * the body must pass the documented JSON Schema for that status (Ajv, from z.toJSONSchema).
 */
function checkDocumented(method: string, route: Route, status: number, body: unknown) {
  if (route.segments[0] !== "api" || route.segments[1] !== "v1" || route.segments[2] === "[[...path]]") return;
  const what = `${method} /${route.segments.join("/")}`;
  const openApiPath = `/${route.segments.map((segment) => segment.replace(/^\[(\w+)\]$/, "{$1}")).join("/")}`;
  const item = openApiDocument().paths[openApiPath];
  if (!item) throw new Error(`${what}: the API description has no path ${openApiPath}`);
  const operation = item[method.toLowerCase()] as Json | undefined;
  if (!operation) {
    if (status === 405) return; // a method the path does not offer: the path's 405, said in its description
    throw new Error(`${what} answered ${status}, but the API description has no ${method} on ${openApiPath}`);
  }
  const response = operation.responses[String(status)] as Json | undefined;
  if (!response) throw new Error(`${what} answered ${status}, which the API description does not list for it`);
  const content = resolve(response).content as Json | undefined;
  if (!content) {
    if (body !== "") throw new Error(`${what} answered ${status} with a body, but the API description documents none`);
    return;
  }
  const key = `${method} ${openApiPath} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(resolve((content["application/json"] ?? Object.values(content)[0]).schema));
    validators.set(key, validate);
  }
  if (!validate(body)) {
    throw new Error(`${what} answered ${status} with a body its documented schema refuses: ${ajv.errorsText(validate.errors)}`);
  }
}

function expectShape(what: string, status: number, schema: z.ZodType, body: unknown) {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(
      `${what} answered ${status} with a body its schema refuses:\n${z.prettifyError(result.error)}\n${JSON.stringify(body).slice(0, 2000)}`,
    );
  }
}

export const basic = ({ email, token }: Credentials) => `Basic ${Buffer.from(`${email}:${token}`).toString("base64")}`;

export const api = {
  get: (url: string, options?: CallOptions) => call("GET", url, options),
  post: (url: string, options?: CallOptions) => call("POST", url, options),
  put: (url: string, options?: CallOptions) => call("PUT", url, options),
  patch: (url: string, options?: CallOptions) => call("PATCH", url, options),
  delete: (url: string, options?: CallOptions) => call("DELETE", url, options),
};

export type Account = { rw: Credentials; ro: Credentials };

/** Logs in through POST /sessions and returns both credentials. */
export async function login(who: keyof typeof DEMO, address = "203.0.113.10"): Promise<Account> {
  const { email, password } = DEMO[who];
  const response = await api.post("sessions", { body: { email, password }, headers: { "x-forwarded-for": address } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  return {
    rw: { email, token: response.body.user.auth_token },
    ro: { email, token: response.body.user.auth_token_read_only },
  };
}

export const db = (): Promise<Db> => getDb();
