import { labelResponse } from "@/sandbox/labels";

// GET /sandbox/labels/<kind>/<name>.svg — the sandbox catalogue's images (beer labels and the like),
// drawn by the app so the demo's menus load no image from outside it (no sign-in: guests' pages show them).
export const GET = async (_request: Request, context: { params: Promise<{ path: string[] }> }) =>
  labelResponse((await context.params).path);
