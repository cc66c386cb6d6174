import { openApiRoute } from "./document";

// GET /api/v1/openapi.json (the .json rewrite of /api/v1/openapi) — the API description: ./document.ts
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = openApiRoute;
