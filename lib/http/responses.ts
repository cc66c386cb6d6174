import { type ApiError, errorStatus, type ErrorCode, type ProblemExtra } from "@/lib/server/errors";
import { currentRequestId } from "@/lib/server/log";

const titles: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/** RFC 9457 problem details, with the machine-readable `code` of contract §3. */
export function problem(code: ErrorCode, detail: string, extra: ProblemExtra = {}): Response {
  const status = errorStatus[code];
  // The id in the X-Request-Id header and on every log line of this request: quote it to support.
  const requestId = currentRequestId();
  const errors = extra.errors ? { errors: extra.errors } : {};
  const body = {
    type: `urn:taproom:problem:${code}`,
    title: titles[status] ?? "Error",
    status,
    detail,
    code,
    ...errors,
    ...(extra.sourceStatus !== undefined ? { source_status: extra.sourceStatus } : {}),
    // What integrations written for the service we replace read (contract §3).
    error: { code, status, detail, ...errors },
    ...(requestId ? { request_id: requestId } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": PROBLEM_TYPE, "cache-control": "no-store", ...extra.headers },
  });
}

const PROBLEM_TYPE = "application/problem+json";
const JSON_TYPE = "application/json; charset=utf-8";

/** True when the request's Accept names application/problem+json (with a quality above zero). */
export function acceptsProblem(request: Request): boolean {
  return (request.headers.get("accept") ?? "").split(",").some((range) => {
    const [type, ...params] = range.split(";").map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith("q="));
    return type === PROBLEM_TYPE && (q === undefined || Number(q.slice(2)) > 0);
  });
}

/**
 * Errors in the media type the caller can read: problem+json only when asked for by name, otherwise
 * the same body as application/json (many JSON clients refuse the problem type; contract §3).
 */
export function negotiated(request: Request, response: Response): Response {
  if (response.headers.get("content-type") === PROBLEM_TYPE && !acceptsProblem(request)) response.headers.set("content-type", JSON_TYPE);
  return response;
}

export function problemFromError(error: ApiError): Response {
  return problem(error.code, error.detail, error.extra);
}

/** A JSON answer; `headers` may repeat a name (two Set-Cookie), and override the type and caching. */
export function json(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", JSON_TYPE);
  if (!headers.has("cache-control")) headers.set("cache-control", "no-store");
  return new Response(JSON.stringify(data), { status: init.status ?? 200, headers });
}
