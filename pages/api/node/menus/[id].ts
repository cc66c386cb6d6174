import * as menu from "@/app/api/v1/menus/[id]/route";
import { nodeRoute } from "@/lib/api/node-route";

// GET /api/v1/menus/:id?full=true, rewritten here by next.config.ts: the same route functions as
// app/api/v1/menus/[id]/route.ts, served without the route-handler pipeline (lib/api/node-route.ts).
export const config = { api: { bodyParser: false, externalResolver: true, responseLimit: false } };

export default nodeRoute(menu, "/api/v1/menus/", ["id"]);
