import { type ApiError, errorStatus, type ErrorCode, type FieldError } from "@/lib/errors";
import { currentRequestId } from "@/lib/log";

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
  503: "Service Unavailable",
};

/** RFC 9457 problem details, with the machine-readable `code` of contract §3. */
export function problem(
  code: ErrorCode,
  detail: string,
  extra: { errors?: FieldError[]; headers?: Record<string, string> } = {},
): Response {
  const status = errorStatus[code];
  // The id in the X-Request-Id header and on every log line of this request: quote it to support.
  const requestId = currentRequestId();
  const body = {
    type: `urn:taproom:problem:${code}`,
    title: titles[status] ?? "Error",
    status,
    detail,
    code,
    ...(extra.errors ? { errors: extra.errors } : {}),
    ...(requestId ? { request_id: requestId } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/problem+json", "cache-control": "no-store", ...extra.headers },
  });
}

export function problemFromError(error: ApiError): Response {
  return problem(error.code, error.detail, error.extra);
}

export function json(data: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(data), {
    status: init.status ?? 200,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...init.headers },
  });
}
