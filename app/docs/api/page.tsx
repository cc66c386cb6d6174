import type { Metadata } from "next";
import { ApiReference } from "@/components/api-docs/api-reference";

export const metadata: Metadata = { title: "API reference · Taproom" };

// /docs/api — the API reference for people, rendered from GET /api/v1/openapi.json (no sign-in needed,
// like the document itself).
export default function ApiDocsPage() {
  return <ApiReference />;
}
