import path from "node:path";
import { describe, expect, it } from "vitest";
import { declaredSpec, offeredMethods, type RouteFn } from "@/lib/http/handler";
import { routeFiles, V1_ROOT } from "../route-files";

// Who may (venue-operations §3) is declared by every authenticated verb of every /api/v1 route
// (endpoint({ may })), and every route under a record's id names that record (`at:`), so a new route
// cannot forget the rule: the request wrapper enforces what is declared, and nothing else does.
const root = V1_ROOT;
const files = routeFiles(root).filter((file) => !file.includes("[[...path]]"));
// Restoring names an archived location, which the wrapper's `at:` check answers 404: no `at:` there.
// Owners alone may (they see every location); the data function finds it in the caller's business.
const RESTORE = new Set(["locations/[id]/restore"]);
// Under team/, `:id` names a user (or, under team/invitations/, an invitation) of the caller's business,
// not a location's record, and under api_keys/ an integration key of the business: no `at:` there (the
// data function finds it in the caller's business, else 404).
const namesNoLocation = (route: string) => route.startsWith("team/") || route.startsWith("api_keys/") || RESTORE.has(route);

describe("who may", () => {
  it.each(files.map((file) => [path.relative(root, path.dirname(file)) || "/", file]))(
    "%s declares every authenticated verb's action, and the record its id names",
    async (route, file) => {
      const module = (await import(file)) as Record<string, RouteFn>;
      const undeclared = offeredMethods(module).filter((method) => {
        const spec = declaredSpec(module[method]!)!;
        if (!spec.auth) return false;
        return !spec.may || (route.includes("[id]") && !namesNoLocation(route) && !spec.at);
      });
      expect(undeclared).toEqual([]);
    },
  );
});
