// The images of the sandbox's made-up catalogue (beer and brewery labels, avatars, venue icons,
// badges), drawn here as small SVGs from the file's name alone: no database, no download, the same
// bytes for the same name on every instance. Colours come from a hash of the name, so two beers
// side by side look different; the shape says the kind. Anything else under /sandbox/labels is 404.

const KINDS = ["beer", "brewery", "user", "venue", "badge"] as const;
type Kind = (typeof KINDS)[number];

/** A file's name: lower-case words, digits and dashes, at most 80 characters, `.svg`. */
const FILE = /^([a-z0-9][a-z0-9-]{0,79})\.svg$/;

/** FNV-1a over the name: a stable 32-bit number. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

const SHAPES: Record<Kind, string> = {
  // A glass with a head of foam.
  beer: '<path d="M70 62h60l-8 86a8 8 0 0 1-8 7H86a8 8 0 0 1-8-7z" fill="#fff" fill-opacity=".9"/><circle cx="82" cy="58" r="14" fill="#fff"/><circle cx="100" cy="52" r="16" fill="#fff"/><circle cx="118" cy="58" r="14" fill="#fff"/>',
  // A brewhouse: a roof and a chimney.
  brewery: '<path d="M52 150V96l48-34 48 34v54z" fill="#fff" fill-opacity=".9"/><rect x="124" y="58" width="14" height="30" fill="#fff"/>',
  // A head and shoulders.
  user: '<circle cx="100" cy="80" r="28" fill="#fff" fill-opacity=".9"/><path d="M48 160a52 46 0 0 1 104 0z" fill="#fff" fill-opacity=".9"/>',
  // A map pin.
  venue:
    '<path d="M100 160s-42-46-42-76a42 42 0 0 1 84 0c0 30-42 76-42 76z" fill="#fff" fill-opacity=".9"/><circle cx="100" cy="84" r="14" fill="currentColor"/>',
  // A star.
  badge: '<path d="M100 46l15 34 37 3-28 24 9 36-33-19-33 19 9-36-28-24 37-3z" fill="#fff" fill-opacity=".9"/>',
};

/** The SVG for one kind and file name, or null when the path names no image. */
export function labelSvg(kind: string, file: string): string | null {
  if (!(KINDS as readonly string[]).includes(kind)) return null;
  const name = FILE.exec(file)?.[1];
  if (!name) return null;
  const hash = hashOf(`${kind}/${name}`);
  const hue = hash % 360;
  const second = (hue + 40 + ((hash >>> 9) % 80)) % 360;
  const round = kind === "user" || kind === "badge" ? 100 : 28;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 62% 44%)"/><stop offset="1" stop-color="hsl(${second} 58% 30%)"/></linearGradient></defs>`,
    `<rect width="200" height="200" rx="${round}" fill="url(#g)"/>`,
    `<g color="hsl(${hue} 62% 44%)">${SHAPES[kind as Kind]}</g>`,
    "</svg>",
  ].join("");
}

/**
 * GET /sandbox/labels/<kind>/<name>.svg: the image, cached for a year (a name never changes its
 * picture); under a CSP that runs nothing, as any SVG served from the app's origin should be.
 */
export function labelResponse(path: readonly string[]): Response {
  const svg = path.length === 2 ? labelSvg(path[0]!, path[1]!) : null;
  if (!svg) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml",
      "cache-control": "public, max-age=31536000, immutable",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "x-content-type-options": "nosniff",
    },
  });
}
