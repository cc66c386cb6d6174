import { declaredSpec, sameResponses, type Method, type RouteFn } from "@/lib/http/handler";

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

// The custom-menu family is deprecated (spec, Versioning): every answer it gives, errors, 405 and
// OPTIONS included, says so and names the consolidated path that replaces it.

/** RFC 9745: deprecated since 2023-02-01T00:00:00Z. */
const DEPRECATION = "@1675209600";
/** The same instant for the API description. */
const DEPRECATED_SINCE = "2023-02-01T00:00:00Z";
/** RFC 8594: removed from 2023-10-01. */
const SUNSET = "Sun, 01 Oct 2023 00:00:00 GMT";

/**
 * Wraps every verb of a `resource()` so its answers carry `Deprecation`, `Sunset` and, when there is
 * one, `Link: <successor>; rel="successor-version"`. `successor` is a path under /api/v1 in which
 * `:id` stands for the route's `[id]` segment (a custom record's id names the consolidated record
 * of the same id, which include_legacy resolves); null when nothing replaces the resource.
 */
export function deprecated(successor: string | null, handlers: Record<Method | "OPTIONS", RouteFn>): Record<Method | "OPTIONS", RouteFn> {
  const wrap = (method: string, handler: RouteFn): RouteFn =>
    sameResponses(
      handler,
      async (request, context) => {
        const response = await handler(request, context);
        response.headers.set("deprecation", DEPRECATION);
        response.headers.set("sunset", SUNSET);
        if (successor) {
          const { id } = (await context?.params) ?? {};
          const path = successor.replace(":id", encodeURIComponent(String(id ?? "")));
          response.headers.set("link", `</api/v1/${path}>; rel="successor-version"`);
        }
        return response;
      },
      {
        deprecation: { since: DEPRECATED_SINCE, sunset: SUNSET, successor: successor && `/api/v1/${successor.replace(":id", "{id}")}` },
        // Every write of the family is refused once its location's menus were migrated (write-guard.ts).
        ...(WRITES.has(method) ? { problems: [...(declaredSpec(handler)?.problems ?? []), 409] } : {}),
      },
    );
  return Object.fromEntries(Object.entries(handlers).map(([method, handler]) => [method, wrap(method, handler)])) as Record<
    Method | "OPTIONS",
    RouteFn
  >;
}
