import type { DeclaredSpec, Method } from "@/lib/http/handler";

const WRITES = new Set<string>(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The one rule for the problem statuses a /api/v1 verb can answer, read from what its endpoint()
 * declares (lib/http/handler.ts, "A v1 request" in ARCHITECTURE.md):
 * - 401 unless `auth: false`; 403 on every authenticated verb (an integration key outside its scopes,
 *   `forbidden_scope`; and on writes the read-only token or a cross-site cookie write; on verbs not every
 *   role may use, `forbidden_role`, lib/auth/permissions.ts);
 * - 404 where there are path params (a malformed or another business's id finds nothing);
 * - every write reads its body: 400 (broken JSON), 413 (over 1 MiB), 415 (not JSON); 422 where a body
 *   or a query is validated;
 * - whatever the verb adds itself (`problems`: 409 on conflicting writes, 429 on the login and catalogue limits,
 *   401 for the login's wrong password);
 * - 500 and 503 (database unavailable) everywhere.
 * 405 is per path, not per operation: the methods a path does not offer answer it (see the path's description).
 */
export function problemStatuses(method: Method, spec: DeclaredSpec): number[] {
  const statuses = new Set<number>([500, 503]);
  if (spec.auth) statuses.add(401);
  if (spec.auth) statuses.add(403);
  if (spec.params || spec.at) statuses.add(404);
  if (WRITES.has(method)) for (const status of [400, 413, 415]) statuses.add(status);
  if (spec.body || spec.query) statuses.add(422);
  for (const status of spec.problems ?? []) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** What each problem status means in this API, for the description. */
export const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: "The body is not valid JSON (`invalid_json`).",
  401: "No credentials, or wrong ones (`unauthorized`); Basic callers get a `WWW-Authenticate` challenge.",
  403: "An integration key is used outside its scopes (`forbidden_scope`: the detail names the scope needed), the read-only token cannot write (`read_only_token`), the caller's role may not do this (`forbidden_role`: the detail names the role needed), a cookie write came from another site (`cross_site_request`), or sign-up is closed on this server (`signup_closed`).",
  404: "No such record, one of another business, of a location the member does not work at, or of an archived location (`not_found`).",
  405: "The path does not offer this method (`method_not_allowed`); `Allow` lists the ones it does.",
  410: "The cursor is older than the changes kept (`cursor_expired`): read the whole menu again and start from `next_cursor`; or an invitation or password-reset link is unknown, used, revoked or expired (`invitation_expired`, `link_expired`).",
  409: "The write conflicts with the record's state (`conflict`, `custom_menus_migrated`), a location has as many webhooks as it may (`limit_reached`), the email already has an account (`email_taken`), or the business would be left without an owner (`last_owner`).",
  413: "The body is larger than 1 MiB, or 8 MiB for POST /import (`payload_too_large`).",
  415: "The body is not JSON (`unsupported_media_type`).",
  422: "The query or the body did not pass validation (`validation_failed`), with `errors: [{path, message}]`.",
  429: "Too many attempts, too many event streams open for this client or credential, or as many restores and imports running as this server's memory allows (`rate_limited`); `Retry-After` says when to try again.",
  500: "Something went wrong on our side (`internal_error`, `server_misconfigured`).",
  502: "An import's source answered an error, did not answer in time or answered more than an import reads (`source_failed`, with `source_status`): nothing was written.",
  503: "The database or the beer catalogue cannot be reached (`database_unavailable`, `catalogue_unavailable`); `Retry-After` when known.",
};
