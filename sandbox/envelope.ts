import type { SandboxError } from "./errors";

export type RateHeaders = { limit: number; remaining: number };
export type Timing = { startedAt: number; initDoneAt: number };

const seconds = (ms: number) => Math.round(ms) / 1000;

function headers(rate: RateHeaders, extra: Record<string, string> = {}) {
  return {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    "X-Ratelimit-Limit": String(rate.limit),
    "X-Ratelimit-Remaining": String(Math.max(0, rate.remaining)),
    ...extra,
  };
}

/** `{meta, notifications, response}` with HTTP 200. */
export function successResponse(response: unknown, notifications: unknown, rate: RateHeaders, timing: Timing): Response {
  const now = performance.now();
  const body = {
    meta: {
      code: 200,
      response_time: { time: seconds(now - timing.startedAt), measure: "seconds" },
      init_time: { time: seconds(timing.initDoneAt - timing.startedAt), measure: "seconds" },
    },
    notifications,
    response,
  };
  return new Response(JSON.stringify(body), { status: 200, headers: headers(rate) });
}

/** `{meta: {code, error_detail, error_type, developer_friendly}, response: []}`. */
export function errorResponse(error: SandboxError, rate: RateHeaders, extra: Record<string, string> = {}): Response {
  const body = {
    meta: { code: error.status, error_detail: error.message, error_type: error.type, developer_friendly: error.developerFriendly },
    response: [],
  };
  return new Response(JSON.stringify(body), { status: error.status, headers: headers(rate, extra) });
}
