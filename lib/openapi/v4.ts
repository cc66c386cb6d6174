import { DOCUMENTED_ENDPOINTS, type Param, type Pattern } from "@/lib/beer-platform/endpoints";

// The /api/v4 forwarder, described from its allow-list (lib/beer-platform/endpoints.ts): one path per
// endpoint (two where a trailing USERNAME may be left out), its documented parameters, the platform's
// envelope, the forwarder's own errors in that envelope, X-Cache and the rate-limit headers.

type Json = Record<string, unknown>;

const PARAM_NAME: Record<Param, string> = { int: "id", username: "username" };
const PARAM_SCHEMA: Record<Param, Json> = {
  int: { type: "string", pattern: "^[1-9][0-9]{0,11}$" },
  username: { type: "string", pattern: "^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$" },
};

export const V4_SCHEMAS: Record<string, Json> = {
  V4Envelope: {
    type: "object",
    description: "The platform's envelope, passed on as the platform sent it.",
    required: ["meta", "response"],
    properties: {
      meta: {
        type: "object",
        required: ["code"],
        properties: { code: { type: "integer" }, response_time: { type: "object" }, init_time: { type: "object" } },
      },
      notifications: { description: "The platform's notifications for the signed-in user (an object, or [] when none)." },
      response: { description: "The endpoint's answer: an object, or [] when there is nothing." },
    },
  },
  V4Error: {
    type: "object",
    description: "Every failure, the forwarder's own and the platform's, in the platform's error envelope.",
    required: ["meta", "response"],
    properties: {
      meta: {
        type: "object",
        required: ["code", "error_type", "error_detail"],
        properties: {
          code: { type: "integer" },
          error_type: { type: "string", examples: ["invalid_auth", "invalid_method", "not_connected", "invalid_limit"] },
          error_detail: { type: "string" },
          developer_friendly: { type: "string" },
        },
      },
      response: { type: "array", maxItems: 0 },
    },
  },
};

const header = (description: string, schema: Json = { type: "string" }) => ({ description, schema });
const RATE_HEADERS = {
  "X-Ratelimit-Limit": header("Calls per hour the budget that paid for this call allows.", { type: "integer" }),
  "X-Ratelimit-Remaining": header("Calls left in that budget this hour.", { type: "integer" }),
};

const V4_ERRORS: Record<number, string> = {
  400: "The platform refused a parameter (its `error_type`, e.g. `invalid_param`).",
  401: "No credentials or wrong ones (`invalid_auth`).",
  403: "The endpoint acts as the user, who has not connected a platform account (`not_connected`), or a cookie call came from another site.",
  404: "Not an allow-listed endpoint (`invalid_method`), or the platform found nothing.",
  405: "The endpoint does not take this method; `Allow` lists the ones it does.",
  415: "A POST body that is not a form (`application/x-www-form-urlencoded`).",
  429: "A budget is spent (the app's, the business's share or the user's): `Retry-After` and the rate-limit headers say until when.",
  500: "Something went wrong on our side (`server_error`).",
  502: "The platform answered something that is not its envelope, or failed.",
  504: "The platform did not answer in time.",
  503: "The platform or the database cannot be reached; `Retry-After` when known.",
};

function operation(pattern: Pattern, withUsername: boolean, path: string): Json {
  const access = pattern.optional && !withUsername ? "user" : pattern.access;
  const cached = access === "public" && pattern.cache !== undefined;
  const pathParams = path.match(/\{(\w+)\}/g)?.map((name) => name.slice(1, -1)) ?? [];
  const fields = Object.fromEntries(pattern.params.map((name) => [name, { type: "string" }]));
  return {
    operationId: `v4_${pattern.method.toLowerCase()}_${path.slice("/api/v4/".length).replace(/[{}]/g, "").replace(/[/.]/g, "_")}`,
    summary: `${pattern.name}${access === "user" ? " (as the signed-in user's platform account)" : ""}`,
    description:
      `Forwarded to the beer platform's \`${pattern.method} /v4/${pattern.name}\` with this app's credentials${access === "user" ? " and the user's access token (connect first: GET /api/v4/oauth/connect)" : ""}. ` +
      `Only the documented parameters are passed on${cached ? `; answers are cached (${pattern.cache}), \`X-Cache\` says whether this one came from the cache` : ""}.`,
    tags: ["v4 forwarder"],
    parameters: [
      ...pathParams.map((name) => ({
        name,
        in: "path",
        required: true,
        schema: PARAM_SCHEMA[name === "username" ? "username" : "int"],
      })),
      ...(pattern.method === "GET"
        ? pattern.params.map((name) => ({ name, in: "query", required: false, schema: { type: "string" } }))
        : []),
    ],
    ...(pattern.method === "POST"
      ? {
          requestBody: {
            required: false,
            content: { "application/x-www-form-urlencoded": { schema: { type: "object", properties: fields } } },
          },
        }
      : {}),
    responses: {
      200: {
        description: "The platform's answer in its envelope.",
        headers: {
          ...(cached
            ? { "X-Cache": header("HIT when the answer came from this app's cache, MISS when it was fetched.", { enum: ["HIT", "MISS"] }) }
            : {}),
          ...RATE_HEADERS,
        },
        content: { "application/json": { schema: { $ref: "#/components/schemas/V4Envelope" } } },
      },
      ...Object.fromEntries(
        Object.entries(V4_ERRORS)
          .filter(([status]) => status !== "403" || access === "user")
          .map(([status, description]) => [
            status,
            {
              description,
              headers: status === "429" ? { "Retry-After": header("Seconds to wait.", { type: "integer" }), ...RATE_HEADERS } : {},
              content: { "application/json": { schema: { $ref: "#/components/schemas/V4Error" } } },
            },
          ]),
      ),
    },
  };
}

/** The forwarder's paths: `/api/v4/beer/info/{id}`, `/api/v4/user/info` and `/api/v4/user/info/{username}`… */
export function v4Paths(): Record<string, Json> {
  const paths: Record<string, Json> = {};
  for (const pattern of DOCUMENTED_ENDPOINTS) {
    const base = `/api/v4/${pattern.segments.map((segment) => (segment in PARAM_NAME ? `{${PARAM_NAME[segment as Param]}}` : segment)).join("/")}`;
    const variants: [string, boolean][] = pattern.optional
      ? [
          [base, false],
          [`${base}/{username}`, true],
        ]
      : [[base, false]];
    for (const [path, withUsername] of variants) {
      paths[path] = { ...paths[path], [pattern.method.toLowerCase()]: operation(pattern, withUsername, path) };
    }
  }
  return paths;
}
