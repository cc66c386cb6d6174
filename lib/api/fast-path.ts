import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import compression from "next/dist/compiled/compression";
import { processGlobal } from "@/lib/db/process-global";
import { env } from "@/lib/env";
import type { NodeRoute } from "./node-route";

// The full menu that boards poll is served by server.mjs before Next.js sees the request
// (ARCHITECTURE.md, "The full menu before Next.js"). Past the read model, an unchanged full
// menu costs almost nothing, and what is left is Next.js's own work per request (resolving rewrites
// and headers, routing, the API resolver): with it, 32 boards reading at once waited over 100 ms for
// the last answer. This module takes those requests and answers them exactly as Next.js would: the
// same page function (pages/api/node/menus/[id].ts runs the same nodeRoute), given the request as
// Next.js gives it after the rewrite, with the headers next.config.ts adds (read from the build's
// own routes-manifest.json) and Next.js's own compression middleware. Whatever it cannot match
// exactly it declines, and Next.js serves it: declining is always right.

/** Answers a request (the promise) or declines it (null), leaving it to Next.js. */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => Promise<void> | null;

/** An entry of the build's routes-manifest.json `headers`: one `headers()` rule of next.config.ts. */
export type HeaderRule = {
  regex: string;
  headers: { key: string; value: string }[];
  has?: unknown[];
  missing?: unknown[];
};

type NodeRequest = Parameters<NodeRoute>[0];

/**
 * The full menu's path in the one form that needs no normalising: a decimal id, no `.json`, no
 * trailing slash, nothing percent-encoded. Every other spelling goes through Next.js's rewrites.
 */
const FULL_MENU = /^\/api\/v1\/menus\/([0-9]{1,18})$/;

/** A header rule's key or value naming a parameter (`:name`) is filled in by Next.js: not done here. */
const PARAMETER = /:[A-Za-z_]/;

/**
 * The request handler for `rules` (the build's header rules) and `route` (the full menu's page
 * function). Takes GET and HEAD of /api/v1/menus/:id with a non-empty `full` query parameter:
 * exactly the requests next.config.ts rewrites to that page (`has: [{ type: "query", key: "full" }]`
 * matches a non-empty value), in the spelling above. `mark`: add X-Taproom-Fast-Path: 1 (MARK_FAST_PATH).
 */
export function fastPath(rules: HeaderRule[], route: NodeRoute, { mark = false } = {}): FastPath {
  // Whether each rule can be applied here is decided once: conditions or a parameter make it inexact.
  const compiled = rules.map((rule) => ({
    pattern: new RegExp(rule.regex),
    headers: rule.headers,
    exact:
      !rule.has?.length && !rule.missing?.length && !rule.headers.some(({ key, value }) => PARAMETER.test(key) || PARAMETER.test(value)),
  }));
  // One middleware for the process, as Next.js makes one (next.config.ts keeps `compress` on).
  const compress = compression();
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return null;
    const url = req.url ?? "/";
    const question = url.indexOf("?");
    if (question < 0) return null;
    const pathname = url.slice(0, question);
    const id = FULL_MENU.exec(pathname)?.[1];
    if (!id) return null;
    const search = new URLSearchParams(url.slice(question + 1));
    if (!search.get("full")) return null;
    const headers: { key: string; value: string }[] = [];
    for (const rule of compiled) {
      if (!rule.pattern.test(pathname)) continue;
      if (!rule.exact) return null;
      headers.push(...rule.headers);
    }
    // Next.js's query for a Pages API route: the search parameters (a repeated name as an array) with
    // the dynamic segment merged in over a parameter of the same name.
    const query: Record<string, string | string[]> = {};
    for (const [name, value] of search) {
      const had = query[name];
      query[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
    }
    query.id = id;
    (req as NodeRequest).query = query;
    if (mark) res.setHeader("x-taproom-fast-path", "1");
    // As Next.js does: the config's headers (a later rule's value wins), then compression, then the page.
    for (const { key, value } of headers) res.setHeader(key, value);
    compress(req, res, () => {});
    return route(req as NodeRequest, res);
  };
}

/** The header rules of the build in `distDir`, or null when its manifest cannot be read. */
export function buildHeaderRules(distDir: string): HeaderRule[] | null {
  try {
    const manifest = JSON.parse(readFileSync(path.join(distDir, "routes-manifest.json"), "utf8")) as { headers?: HeaderRule[] };
    return Array.isArray(manifest.headers) ? manifest.headers : null;
  } catch {
    return null;
  }
}

const slot = () => processGlobal<{ handler: FastPath | null }>("fast-path", () => ({ handler: null }));

/**
 * Called by instrumentation.ts once the server is ready, with the full menu's page function (the
 * nodeRoute that pages/api/node/menus/[id].ts serves): makes the fast path available to server.mjs,
 * which reads it from globalThis under `Symbol.for("taproom.fast-path")`. Without the build's manifest
 * nothing is installed and Next.js serves every request.
 */
export function installFastPath(route: NodeRoute): boolean {
  const rules = buildHeaderRules(path.resolve(env().NEXT_DIST_DIR));
  if (!rules) return false;
  slot().handler = fastPath(rules, route, { mark: env().MARK_FAST_PATH });
  return true;
}
