import { describe, expect, it } from "vitest";
import config from "@/next.config";

type Rule = { source: string; headers: { key: string; value: string }[] };

/** The headers Next.js sends for `path`: every matching rule in order, a later value winning. */
function headersFor(rules: Rule[], path: string) {
  const result: Record<string, string> = {};
  for (const rule of rules) {
    const pattern = new RegExp(`^${rule.source.replace(":path*", ".*")}$`);
    if (pattern.test(path)) for (const { key, value } of rule.headers) result[key.toLowerCase()] = value;
  }
  return result;
}

async function rules(appUrl?: string): Promise<Rule[]> {
  const saved = process.env.APP_URL;
  if (appUrl === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = appUrl;
  try {
    return (await config.headers!()) as Rule[];
  } finally {
    if (saved === undefined) delete process.env.APP_URL;
    else process.env.APP_URL = saved;
  }
}

describe("security headers", () => {
  it("refuse framing, sniffing and full referrers on pages and API answers", async () => {
    for (const path of ["/", "/sign-in", "/locations/1/menus", "/api/v1/current_user", "/sandbox/oauth/authenticate/"]) {
      const headers = headersFor(await rules(), path);
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], path).toContain("object-src 'none'");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
      expect(headers["strict-transport-security"], path).toBeUndefined();
    }
  });

  it("let any site embed the public menu board", async () => {
    const headers = headersFor(await rules(), "/preview/menus/12");
    expect(headers["content-security-policy"]).toContain("frame-ancestors *");
    expect(headers["content-security-policy"]).not.toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
  });

  it("pin https (HSTS) only when the app is published on https", async () => {
    expect(headersFor(await rules("https://taproom.example"), "/")["strict-transport-security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(headersFor(await rules("http://127.0.0.1:3000"), "/")["strict-transport-security"]).toBeUndefined();
  });
});
