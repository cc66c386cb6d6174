import * as route from "@/app/api/v1/current_user/route";
import { nodeRoute } from "@/lib/api/node-route";

// /api/v1/current_user, rewritten here by next.config.ts: the same route functions as
// app/api/v1/current_user/route.ts, served without the route-handler pipeline (lib/api/node-route.ts).
export const config = { api: { bodyParser: false, externalResolver: true, responseLimit: false } };

export default nodeRoute(route, "/api/v1/current_user", []);
