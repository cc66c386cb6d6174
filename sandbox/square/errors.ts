// Square's error body: {errors: [{category, code, detail, field?}]} with the HTTP status Square uses.

export type SquareErrorEntry = { category: string; code: string; detail: string; field?: string };

export class SquareSandboxError extends Error {
  constructor(
    readonly status: number,
    readonly errors: SquareErrorEntry[],
  ) {
    super(errors[0]?.detail ?? "error");
  }
}

export const badRequest = (detail: string, field?: string, code = "INVALID_VALUE") =>
  new SquareSandboxError(400, [{ category: "INVALID_REQUEST_ERROR", code, detail, ...(field ? { field } : {}) }]);
export const missing = (field: string) =>
  new SquareSandboxError(400, [
    { category: "INVALID_REQUEST_ERROR", code: "MISSING_REQUIRED_PARAMETER", detail: `Missing required parameter.`, field },
  ]);
export const notFound = (detail: string) => new SquareSandboxError(404, [{ category: "INVALID_REQUEST_ERROR", code: "NOT_FOUND", detail }]);
export const unauthorized = (detail = "This request could not be authorized.") =>
  new SquareSandboxError(401, [{ category: "AUTHENTICATION_ERROR", code: "UNAUTHORIZED", detail }]);
/** A write at a version that is not the object's own (or none, for an object that exists): 400, as Square answers it. */
export const versionMismatch = (field: string) =>
  new SquareSandboxError(400, [
    {
      category: "INVALID_REQUEST_ERROR",
      code: "VERSION_MISMATCH",
      detail: "Object version does not match latest database version.",
      field,
    },
  ]);

export function errorResponse(error: SquareSandboxError): Response {
  return Response.json({ errors: error.errors }, { status: error.status });
}
