import { randomUUID } from "node:crypto";

// Toast's error body (the ErrorMessage of every Toast API): {status, code, message, messageKey,
// fieldName, link, requestId, developerMessage, errors, canRetry}, with the HTTP status Toast uses.

export class ToastSandboxError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: number = status * 100,
    readonly fieldName: string | null = null,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldName?: string) => new ToastSandboxError(400, message, 10_400, fieldName ?? null);
export const unauthorized = (message = "Access denied: the bearer token is missing, expired or not valid.") =>
  new ToastSandboxError(401, message, 10_401);
export const forbidden = (message: string) => new ToastSandboxError(403, message, 10_403);
export const notFound = (message: string) => new ToastSandboxError(404, message, 10_404);

export function errorResponse(error: ToastSandboxError): Response {
  const headers = new Headers({ "content-type": "application/json" });
  if (error.retryAfterSeconds !== null) headers.set("retry-after", String(error.retryAfterSeconds));
  return new Response(
    JSON.stringify({
      status: error.status,
      code: error.code,
      message: error.message,
      messageKey: null,
      fieldName: error.fieldName,
      link: null,
      requestId: randomUUID(),
      developerMessage: error.message,
      errors: [],
      canRetry: error.status === 429 || error.status >= 500 ? "true" : null,
    }),
    { status: error.status, headers },
  );
}
