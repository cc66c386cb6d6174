import { conditional, etag } from "@/lib/http/conditional";
import type { GuestPage } from "./guest-reads";

// A guest page's answer: current on every load (no-cache: the browser asks again each time, and gets a
// 304 with no body while the tag, the full menus' tags, is the same), built only when it changed: its
// bytes in each coding are kept by tag (lib/http/conditional.ts), so a kept page is not rendered again.

const HTML = "text/html; charset=utf-8";

/**
 * `variant`: what the page's HTML depends on beyond `page.tag` (the embed's theme, from its query), so
 * that one tag still names one page's bytes.
 */
export async function pageAnswer<T>(
  request: Request,
  page: GuestPage<T>,
  render: (content: T) => string,
  headers: Record<string, string> = {},
  variant?: string,
): Promise<Response> {
  const tag = variant === undefined ? page.tag : etag(page.tag, variant);
  const body = async () => Buffer.from(render(await page.content()));
  // The language is in the tag (guest-reads.ts); chosen by Accept-Language, the answer varies by it (decision 097).
  const language = { "content-language": page.language, ...(page.negotiated ? { vary: "Accept-Language" } : {}) };
  return conditional(request, { tag, body }, { type: HTML, cacheControl: "no-cache", headers: { ...headers, ...language } });
}

export const notFoundPage = (html: string, headers: Record<string, string> = {}) =>
  new Response(html, { status: 404, headers: { ...headers, "content-type": HTML, "cache-control": "no-store" } });
