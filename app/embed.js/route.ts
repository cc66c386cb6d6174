import { endpoint } from "@/lib/http/handler";
import { EMBED_SCRIPT } from "@/lib/menus/off-screen/embed-script";

// GET /embed.js — the embedded menu's loader, for the dashboard's one-line snippet (venue-operations §9).
export const GET = endpoint(
  { auth: false },
  async () =>
    new Response(EMBED_SCRIPT, {
      headers: {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "public, max-age=3600",
        "access-control-allow-origin": "*",
      },
    }),
);
