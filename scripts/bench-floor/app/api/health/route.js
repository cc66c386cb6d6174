// The framework's floor for `npm run bench`: an empty App Router route handler, the same answer as the
// app's GET /api/health, in a Next.js app of its own (the app's Next.js version, served by `next start`).
export const dynamic = "force-dynamic";

export function GET() {
  return Response.json({ status: "ok" });
}
