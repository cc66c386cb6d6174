import { describe, expect, it } from "vitest";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from "next/constants";
import nextConfig from "@/next.config";
import { securityHeaders } from "@/lib/server/security-headers";

/** The headers the production server (server.ts) sets for a request target, by lower-case name. */
function headersFor(target: string, appUrl?: string) {
  const headers = securityHeaders({ appUrl, development: false })(target);
  return Object.fromEntries(headers.map(({ key, value }) => [key.toLowerCase(), value]));
}

describe("security headers", () => {
  it("refuse framing, sniffing and full referrers on pages and API answers", () => {
    for (const path of [
      "/",
      "/sign-in",
      "/locations/1/menus",
      "/api/v1/current_user",
      "/sandbox/oauth/authenticate/",
      "/_next/static/x.js",
    ]) {
      const headers = headersFor(path);
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], path).toContain("object-src 'none'");
      expect(headers["content-security-policy"], path).not.toContain("unsafe-eval");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
  });

  it("let any site embed the menu display, and only the board", () => {
    for (const path of ["/preview/menus/12", "/preview/menus/12/data?x=1", "/preview/menus"]) {
      const headers = headersFor(path);
      expect(headers["content-security-policy"], path).toContain("frame-ancestors *");
      expect(headers["content-security-policy"], path).not.toContain("frame-ancestors 'none'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
    }
    // No spelling of another path passes for the board's: the path is judged as the router will see it.
    for (const path of ["/preview/menus/../../account", "/preview/menus/%2e%2e/%2E%2E/account", "/preview/menusx", "/x/preview/menus/1"]) {
      expect(headersFor(path)["content-security-policy"], path).toContain("frame-ancestors 'none'");
    }
  });

  it("pin https (HSTS) only when the app is published on https", () => {
    expect(headersFor("/", "https://taproom.example")["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    expect(headersFor("/preview/menus/1", "HTTPS://taproom.example")["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(headersFor("/", "http://127.0.0.1:3000")["strict-transport-security"]).toBeUndefined();
  });

  it("are never baked into a build: only the development server takes them from next.config.ts", async () => {
    for (const phase of [PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER]) expect(nextConfig(phase).headers, phase).toBeUndefined();
    const saved = process.env.APP_URL;
    process.env.APP_URL = "https://taproom.example";
    try {
      const rules = await nextConfig(PHASE_DEVELOPMENT_SERVER).headers!();
      // Every path but the embedded menus', which set their own policy (their location's frame-ancestors).
      expect(rules.map((rule) => rule.source)).toEqual([
        "/:path((?!embed/menus/).*)",
        "/embed/menus/:path*",
        "/preview/menus/:path*",
        "/api/v1/menus/:id/print.pdf",
      ]);
      const [page, embed, board, print] = rules.map((rule) =>
        Object.fromEntries(rule.headers.map(({ key, value }) => [key.toLowerCase(), value])),
      );
      expect(page!["content-security-policy"]).toContain("'unsafe-eval'");
      expect(page!["content-security-policy"]).toContain("frame-ancestors 'none'");
      expect(board!["content-security-policy"]).toContain("frame-ancestors *");
      expect(embed!["content-security-policy"]).toBeUndefined();
      expect(embed!["x-content-type-options"]).toBe("nosniff");
      expect(print!["content-security-policy"]).toContain("frame-ancestors 'self'");
      expect(page!["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    } finally {
      if (saved === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved;
    }
  });
});
