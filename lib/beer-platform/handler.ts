import { getDb, type Db } from "@/lib/db/client";
import { authenticate, type Caller } from "@/lib/auth/caller";
import { ApiError, databaseUnavailable } from "@/lib/errors";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { errorFields, log, withRequestId } from "@/lib/log";
import { V4Error, v4ErrorResponse } from "./errors";

type Context = { params: Promise<Record<string, string | string[] | undefined>> };
type Run = (input: {
  db: Db;
  request: Request;
  caller: Caller | null;
  params: Record<string, string | string[] | undefined>;
}) => Promise<Response>;

/**
 * The /api/v4 wrapper: the caller signs in as on v1 (Basic email:token) unless `auth` is false, and
 * every failure, the caller's own included, is answered in the platform's error envelope.
 */
export function v4Endpoint(options: { auth?: boolean }, run: Run) {
  const answer = async (request: Request, context: Context): Promise<Response> => {
    try {
      const db = await getDb();
      const caller = options.auth === false ? null : await authenticate(db, request);
      return await run({ db, request, caller, params: (await context?.params) ?? {} });
    } catch (error) {
      if (error instanceof V4Error) return v4ErrorResponse(error);
      if (isDatabaseUnavailable(error)) {
        const unavailable = databaseUnavailable();
        return v4ErrorResponse(new V4Error(503, unavailable.code, unavailable.detail, unavailable.extra.headers));
      }
      if (error instanceof ApiError) {
        const type = error.status === 401 ? "invalid_auth" : error.code;
        return v4ErrorResponse(new V4Error(error.status, type, error.detail, error.extra.headers));
      }
      log().error(errorFields(error), "Unhandled error in the v4 forwarder");
      return v4ErrorResponse(new V4Error(500, "server_error", "Something went wrong on our side. Try again later."));
    }
  };
  return (request: Request, context: Context) =>
    withRequestId(request, async (requestId) => {
      const response = await answer(request, context);
      response.headers.set("x-request-id", requestId);
      return response;
    });
}
