import { env } from "./env";

// The instant a board's request is read for: now, or under TEST_CLOCK_HEADER (the e2e suite only, decision
// 064) the instant its X-Test-Now header names, so a test can open a board at 15:59:58 and see 16:00
// arrive on the browser's injected clock and the server's alike. A header that is not a date is ignored.
export function requestInstant(headers: Headers): Date {
  if (!env().TEST_CLOCK_HEADER) return new Date();
  const named = Date.parse(headers.get("x-test-now") ?? "");
  return Number.isFinite(named) ? new Date(named) : new Date();
}
