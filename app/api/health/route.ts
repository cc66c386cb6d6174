// GET /api/health — liveness, with no database or auth: also the benchmark's framework floor.
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" });
}
