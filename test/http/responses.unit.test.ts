import path from "node:path";
import { describe, expect, it } from "vitest";
import { declaredResponses, METHODS, type RouteFn } from "@/lib/http/handler";
import { routeFiles, V1_ROOT } from "../route-files";

// Every verb of every /api/v1 route declares its answers (endpoint({ response })): the test harness
// validates each answer against them, and the API description is generated from them. The catch-all
// is the one route without: it only answers problem+json 404, which the harness checks as an error.
const root = V1_ROOT;
const files = routeFiles(root).filter((file) => !file.includes("[[...path]]"));

describe("declared responses", () => {
  it.each(files.map((file) => [path.relative(root, path.dirname(file)) || "/", file]))(
    "%s declares every verb's answers",
    async (_, file) => {
      const module = (await import(file)) as Record<string, RouteFn>;
      const undeclared = [...METHODS, "OPTIONS"].filter((method) => !declaredResponses(module[method]!));
      expect(undeclared).toEqual([]);
    },
  );
});
