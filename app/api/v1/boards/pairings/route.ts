import { boardCookie, readBoardCookie } from "@/lib/boards/cookie";
import { limitPairings } from "@/lib/boards/device";
import { issuePairingCode } from "@/lib/boards/records";
import { pairingResponse } from "@/lib/boards/schemas";
import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/boards/pairings — no sign-in: a TV's browser asks for an eight-character code (valid 10 minutes);
  // a new device gets its secret in the HttpOnly cookie taproom_board, a known one a new code (decision 067)
  POST: endpoint({ auth: false, response: { 201: pairingResponse }, problems: [409, 429] }, async ({ db, request }) => {
    await limitPairings(db, request);
    const pairing = await issuePairingCode(db, { secret: readBoardCookie(request) });
    return json(
      { code: pairing.code, expires_at: pairing.expiresAt.toISOString() },
      { status: 201, headers: { "set-cookie": boardCookie(request, pairing.secret), "cache-control": "no-store" } },
    );
  }),
});
