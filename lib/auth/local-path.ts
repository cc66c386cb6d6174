// Where the app may send a browser back to after a sign-in or an OAuth round trip: a path on this site.

const BASE = "http://taproom.invalid";

/**
 * The path, query and fragment of `raw` when it names a place on this site, else null. The value is
 * judged as the browser will read it: `//host`, `/\host`, and control characters (which URL parsers
 * drop, so `/<TAB>/host` becomes `//host`) are refused, and what is returned is the parsed path,
 * never the raw text.
 */
export function localPath(raw: string | null | undefined): string | null {
  if (!raw?.startsWith("/") || /[\u0000-\u001f\u007f\\]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith("//")) return null;
  return url.pathname + url.search + url.hash;
}
