// The dashboard's one way to call the API: same-origin fetch (the session cookie rides along),
// JSON in and out, and every refusal turned into an ApiProblem carrying the server's problem+json.

import type { ProblemResponse } from "@/lib/shared/schemas";
import { ApiProblem } from "./problem";

export { ApiProblem, type FieldError, type LineError } from "./problem";

/** Retry-After as seconds from now: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, Math.round((at - now) / 1000));
}

/** `text`: a body that is not JSON, sent as it is under its media type (a CSV file). */
type Options = {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  text?: { body: string; type: string };
  signal?: AbortSignal;
};

function sent(body: unknown, text: Options["text"]): { type?: string; body?: string } {
  if (text) return text;
  return body === undefined ? {} : { type: "application/json", body: JSON.stringify(body) };
}

export async function apiFetch<T>(path: string, { method = "GET", body, text, signal }: Options = {}): Promise<T> {
  let response: Response;
  const payload = sent(body, text);
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: payload.type ? { accept: "application/json", "content-type": payload.type } : { accept: "application/json" },
      body: payload.body,
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiProblem(0, "network_error", "The server could not be reached. Check your connection and try again.");
  }
  if (response.status === 204) return undefined as T;
  const answer = await response.text();
  let data: unknown;
  try {
    data = answer ? JSON.parse(answer) : undefined;
  } catch {
    // Not JSON: handled below as a problem without details.
  }
  if (response.ok) return data as T;
  const problem = (data ?? {}) as Partial<ProblemResponse>;
  if (response.status === 401 && typeof window !== "undefined" && !path.startsWith("/api/session")) {
    // The session ended (signed out elsewhere or expired): back to the sign-in page, then here again.
    const next = window.location.pathname + window.location.search;
    window.location.assign(`/sign-in?next=${encodeURIComponent(next)}`);
  }
  throw new ApiProblem(
    response.status,
    problem.code ?? "http_error",
    problem.detail ?? `The server answered ${response.status}. Try again.`,
    problem.errors ?? [],
    retryAfterSeconds(response.headers.get("retry-after")),
  );
}

/** A message fit for a person, whatever was thrown. */
export function problemMessage(error: unknown): string {
  if (error instanceof ApiProblem) return error.message;
  if (error instanceof Error) return error.message;
  return "Something went wrong. Try again.";
}
