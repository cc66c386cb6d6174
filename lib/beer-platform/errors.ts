// The forwarder answers its own failures in the platform's error envelope (contract §7), so a v4
// client reads every error the same way, whoever raised it.

export class V4Error extends Error {
  constructor(
    readonly status: number,
    readonly errorType: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export function v4ErrorResponse(error: V4Error): Response {
  const body = {
    meta: { code: error.status, error_detail: error.detail, error_type: error.errorType, developer_friendly: error.detail },
    response: [],
  };
  return new Response(JSON.stringify(body), {
    status: error.status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...error.headers },
  });
}
