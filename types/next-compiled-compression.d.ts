// Next.js's own copy of the `compression` middleware, which its server applies to every answer
// (next.config.ts keeps `compress` on). lib/api/fast-path.ts applies the same copy to the requests it
// answers before Next.js, so that they are compressed exactly as Next.js would compress them.
declare module "next/dist/compiled/compression" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  export default function compression(): Middleware;
}
