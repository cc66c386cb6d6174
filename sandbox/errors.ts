/**
 * The platform's error types. The reference shows invalid_param and invalid_auth; the others name the
 * remaining failures the sandbox reports (decision 037; ARCHITECTURE.md, "The v4 forwarder").
 */
export type ErrorType =
  | "invalid_param"
  | "invalid_auth"
  | "invalid_token"
  | "not_allowed"
  | "invalid_method"
  | "invalid_request"
  | "api_limit_exceeded"
  | "server_error";

/** One failure of the sandbox API: answered in the v4 error envelope with this status. */
export class SandboxError extends Error {
  constructor(
    readonly status: number,
    readonly type: ErrorType,
    detail: string,
    readonly developerFriendly = "",
  ) {
    super(detail);
  }
}

export const invalidParam = (detail: string) => new SandboxError(400, "invalid_param", detail);
export const notFound = (detail: string) => new SandboxError(404, "invalid_param", detail);
export const notAllowed = (detail: string) => new SandboxError(403, "not_allowed", detail);
export const tokenRequired = (detail = "This endpoint requires an access_token: the user must authenticate your app first.") =>
  new SandboxError(401, "invalid_token", detail);
