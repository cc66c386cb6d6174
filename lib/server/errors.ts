// The one table of error codes. A code names what went wrong; its status follows from it.
export const errorStatus = {
  invalid_json: 400,
  unauthorized: 401,
  read_only_token: 403,
  // A cookie-authenticated write without this site's Origin, or marked cross-site by the browser.
  cross_site_request: 403,
  // The caller's role may not do this (venue-operations §3); the detail names the role needed.
  forbidden_role: 403,
  // An integration key used outside its scopes (venue-operations §12).
  forbidden_scope: 403,
  // POST /signup while SIGNUP=closed.
  signup_closed: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  // A change-feed cursor older than what is kept (live-menus §3).
  cursor_expired: 410,
  custom_menus_migrated: 409,
  // The business's last owner cannot be demoted or removed.
  last_owner: 409,
  // An email that already has an account (sign-up, invitation).
  email_taken: 409,
  // An invitation or password-reset link that is unknown, used, revoked or expired.
  invitation_expired: 410,
  link_expired: 410,
  // A record past its per-location limit (e.g. WEBHOOK_LIMIT_PER_LOCATION webhooks).
  limit_reached: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  // An import's source (venue-operations §6) answered an error, or did not answer in time: nothing written.
  source_failed: 502,
  // The stored token pair was sealed under another APP_SECRET: the instances do not share one.
  server_misconfigured: 500,
  catalogue_unavailable: 503,
  // The database cannot be reached (down, restarting, out of connections): Retry-After, no restart needed.
  database_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** A field of a JSON body (`path`), or a cell of a CSV body: its line as a spreadsheet numbers it and its column. */
export type FieldError = { path: string; message: string } | { line: number; field: string; message: string };

/** What a problem may carry besides its code and detail: field errors, headers, the status a source answered (502). */
export type ProblemExtra = { errors?: FieldError[]; headers?: Record<string, string>; sourceStatus?: number | null };

export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra: ProblemExtra = {},
  ) {
    super(detail);
    this.status = errorStatus[code];
  }
}

export const notFound = (what = "record") => new ApiError("not_found", `No such ${what}.`);

/** Seconds a client should wait before trying again while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const databaseUnavailable = () =>
  new ApiError("database_unavailable", "The database cannot be reached right now. Try again shortly.", {
    headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
  });

export const invalid = (errors: FieldError[], detail = "The request did not pass validation.") =>
  new ApiError("validation_failed", detail, { errors });
