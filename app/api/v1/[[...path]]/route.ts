import { identified } from "@/lib/api/handler";
import { problem } from "@/lib/api/responses";

// Any /api/v1 path no route serves, /api/v1 itself included: problem+json 404 for every method.
const unknownPath = identified(async (request: Request) => problem("not_found", `No API route at ${new URL(request.url).pathname}.`));

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE, unknownPath as OPTIONS };
