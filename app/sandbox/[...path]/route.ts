import { handleSandbox } from "@/sandbox/server";
import { upstreamConfig } from "@/lib/beer-platform/config";

// The built-in beer-platform sandbox: the v4 API under /sandbox/v4/… and OAuth under /sandbox/oauth/….
// It exists only while it is the upstream: with a real platform configured it answers 404.
export const dynamic = "force-dynamic";

const sandbox = (request: Request) =>
  upstreamConfig().sandbox ? handleSandbox(request) : Promise.resolve(new Response("Not Found", { status: 404 }));

// GET /sandbox/... — v4 lookups, feeds, friends, wish list, notifications, OAuth pages and exchange
export const GET = sandbox;

// POST /sandbox/... — check-ins, comments, toasts and the OAuth consent form
export const POST = sandbox;
