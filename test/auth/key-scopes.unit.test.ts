import path from "node:path";
import { describe, expect, it } from "vitest";
import { declaredSpec, offeredMethods, type RouteFn } from "@/lib/http/handler";
import { scopesAllowing } from "@/lib/auth/scopes";
import { KEY_SCOPES_BEFORE } from "./key-scopes.fixture";
import { routeFiles, V1_ROOT } from "../route-files";

// Integration keys' reach (venue-operations §12, decision 056), verb by verb: what each authenticated
// /api/v1 verb lets a key do must stay what the fixture recorded from the path table it replaced
// (decision 093). Every offered method of every route file is in the fixture, and nothing else is.
const root = V1_ROOT;
const routes = routeFiles(root)
  .map((file) => ({ file, route: path.relative(root, path.dirname(file)) }))
  .filter(({ route }) => !route.includes("[[...path]]"));

/** What a key may do on this verb: the scopes any one of which lets it in (its declared `scope`), null for none, "no-auth". */
function keyAccess(module: Record<string, RouteFn>, method: string): readonly string[] | null | "no-auth" {
  const spec = declaredSpec(module[method === "HEAD" ? "GET" : method]!)!;
  if (!spec.auth) return "no-auth";
  return scopesAllowing(spec.scope, method);
}

describe("integration keys' scopes, verb by verb", () => {
  it("the fixture names every offered verb of every route file, and only those", async () => {
    const offered: string[] = [];
    for (const { file, route } of routes) {
      const module = (await import(file)) as Record<string, RouteFn>;
      for (const method of offeredMethods(module))
        offered.push(...(method === "GET" ? ["GET", "HEAD"] : [method]).map((m) => `${m} ${route}`));
    }
    expect(offered.sort()).toEqual(KEY_SCOPES_BEFORE.map(([method, route]) => `${method} ${route}`).sort());
  });

  it("every authenticated verb declares its scope, none left to the default", async () => {
    const undeclared: string[] = [];
    for (const { file, route } of routes) {
      const module = (await import(file)) as Record<string, RouteFn>;
      for (const method of offeredMethods(module)) {
        const spec = declaredSpec(module[method]!)!;
        if (spec.auth && !spec.scope) undeclared.push(`${method} ${route}`);
      }
    }
    expect(undeclared).toEqual([]);
  });

  it.each(KEY_SCOPES_BEFORE.map(([method, route, expected]) => [`${method} ${route}`, method, route, expected] as const))(
    "%s",
    async (_name, method, route, expected) => {
      const module = (await import(path.join(root, route, "route.ts"))) as Record<string, RouteFn>;
      expect(keyAccess(module, method)).toEqual(expected);
    },
  );
});
