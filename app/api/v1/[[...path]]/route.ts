import { unknownPath } from "@/lib/http/handler";

// Any /api/v1 path no route serves, /api/v1 itself included: problem+json 404 for every method.
export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE, unknownPath as OPTIONS };
