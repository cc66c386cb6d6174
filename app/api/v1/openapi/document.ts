import { z } from "zod";
import { endpoint, resource } from "@/lib/http/handler";
import { buildDocument, type OpenApiDocument } from "@/lib/openapi/document";
import { ROUTES } from "./routes";

/** The document's outline; the whole is checked by test/openapi/openapi.test.ts (OpenAPI 3.1 schema, Redocly). */
const openApiResponse = z.looseObject({
  openapi: z.literal("3.1.0"),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

// Built once, on the first request: the routes and their schemas never change while the process runs.
let cached: { document: OpenApiDocument; body: string } | undefined;

/** The OpenAPI 3.1 document of every route, this one included (ROUTES leaves it out: it would import itself). */
export function openApiDocument(): OpenApiDocument {
  if (!cached) {
    const document = buildDocument([...ROUTES, { path: "/api/v1/openapi", module: openApiRoute, summaries: { GET: "This document" } }]);
    cached = { document, body: JSON.stringify(document) };
  }
  return cached.document;
}

export const openApiRoute = resource({
  // GET /api/v1/openapi.json — the OpenAPI 3.1 description of every route, generated from their zod schemas
  GET: endpoint({ auth: false, response: openApiResponse }, async () => {
    openApiDocument();
    return new Response(cached!.body, {
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" },
    });
  }),
});
