import { getDb, type Db } from "@/lib/db/client";
import { authenticate, authenticateToken, type Caller } from "@/lib/auth/caller";
import { ApiError, databaseUnavailable } from "@/lib/server/errors";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { identified } from "@/lib/http/handler";
import { errorFields, log } from "@/lib/server/log";
import { V4Error, v4ErrorResponse } from "./errors";

type Context = { params: Promise<Record<string, string | string[] | undefined>> };
type Run = (input: {
  db: Db;
  request: Request;
  caller: Caller | null;
  params: Record<string, string | string[] | undefined>;
}) => Promise<Response>;

/**
 * Who calls /api/v4: Basic email:token or the dashboard session as on v1, or, so that a client written
 * for the platform needs only its base URL and a token, a Taproom token as `access_token` (contract §7;
 * never forwarded). An Authorization header, when sent, decides.
 */
async function callerOf(db: Db, request: Request): Promise<Caller> {
  const accessToken = new URL(request.url).searchParams.get("access_token");
  if (accessToken !== null && !request.headers.get("authorization")) return authenticateToken(db, accessToken);
  return authenticate(db, request);
}

/**
 * The /api/v4 wrapper: the caller signs in as on v1 (Basic email:token) unless `auth` is false, and
 * every failure, the caller's own included, is answered in the platform's error envelope.
 */
export function v4Endpoint(options: { auth?: boolean }, run: Run) {
  return identified(async (request: Request, context: Context): Promise<Response> => {
    try {
      const db = await getDb();
      const caller = options.auth === false ? null : await callerOf(db, request);
      return await run({ db, request, caller, params: (await context?.params) ?? {} });
    } catch (error) {
      if (error instanceof V4Error) return v4ErrorResponse(error);
      const known = isDatabaseUnavailable(error) ? databaseUnavailable() : error;
      if (known instanceof ApiError) {
        const type = known.status === 401 ? "invalid_auth" : known.code;
        return v4ErrorResponse(new V4Error(known.status, type, known.detail, known.extra.headers));
      }
      log().error(errorFields(error), "Unhandled error in the v4 forwarder");
      return v4ErrorResponse(new V4Error(500, "server_error", "Something went wrong on our side. Try again later."));
    }
  });
}
