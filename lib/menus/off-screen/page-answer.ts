import { notModified } from "@/lib/http/conditional";
import type { GuestPage } from "./guest-reads";

// A guest page's answer: current on every load (no-cache: the browser asks again each time, and gets a
// 304 with no body while the tag, the full menus' tags, is the same), built only when it changed.

const HTML = "text/html; charset=utf-8";
const HEADERS = { "cache-control": "no-cache" };

export async function pageAnswer<T>(
  request: Request,
  page: GuestPage<T>,
  render: (content: T) => string,
  headers: Record<string, string> = {},
): Promise<Response> {
  const all = { ...HEADERS, ...headers, etag: page.tag };
  if (notModified(request, page.tag)) return new Response(null, { status: 304, headers: all });
  return new Response(render(await page.content()), { status: 200, headers: { ...all, "content-type": HTML } });
}

export const notFoundPage = (html: string, headers: Record<string, string> = {}) =>
  new Response(html, { status: 404, headers: { ...headers, "content-type": HTML, "cache-control": "no-store" } });
