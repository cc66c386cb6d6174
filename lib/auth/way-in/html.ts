// The sign-in and sign-up pages as plain HTML (decision 068): a form that works without a script,
// posted to the page's own path, answered by a redirect (signed in) or by the page again with what was
// wrong. A page of the App Router ships the framework's JavaScript (about 150 kB gzipped with React),
// more than these pages' budget (90 kB); this is one request of a few kB. The look is the dashboard's
// (app/globals.css, components/sign-up/auth-card.module.css, the Field of components/ui): one inline
// style sheet with the same rules, system fonts. Every text goes through `escapeHtml`.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for HTML content or a quoted attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/** A piece of HTML already escaped (what the helpers below return), as opposed to text. */
export type Html = { readonly html: string };
const raw = (html: string): Html => ({ html });
const content = (value: string | Html) => (typeof value === "string" ? escapeHtml(value) : value.html);

/** HTML made of pieces: strings are escaped, `Html` pieces kept. */
export function join(...parts: (string | Html | null | undefined | false)[]): Html {
  return raw(parts.map((part) => (part ? content(part) : "")).join(""));
}

/** A link. */
export const link = (href: string, text: string) => raw(`<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`);

/** A paragraph. */
export const paragraph = (...parts: (string | Html)[]) => raw(`<p>${join(...parts).html}</p>`);

// The rules of app/globals.css these pages use (tokens, the page, links, focus, .btn, .input), then the
// card's (auth-card.module.css) and the field's (ui.module.css).
const CSS =
  ":root{--ink:#1d1a16;--muted:#5f574d;--paper:#fbf8f3;--line:#e4ddd2;--accent:#9a4a12;--surface:#fff;--line-strong:#cfc5b6;" +
  '--danger:#b3261e;--ok:#1e6b3a;--focus:#1d5fd1;--radius:10px;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;' +
  "color:var(--ink);background:var(--paper)}" +
  "*{box-sizing:border-box}body{margin:0;line-height:1.5}a{color:var(--accent)}" +
  ":focus-visible{outline:3px solid var(--focus);outline-offset:2px}" +
  ".btn{display:inline-flex;align-items:center;justify-content:center;gap:.4rem;min-height:2.5rem;padding:.45rem .95rem;" +
  "border:1px solid var(--line-strong);border-radius:var(--radius);background:var(--surface);color:var(--ink);font:inherit;" +
  "font-weight:600;font-size:.95rem;cursor:pointer;text-decoration:none;white-space:nowrap}.btn:hover{background:#f6f1e9}" +
  ".btn:disabled{opacity:.55;cursor:not-allowed}.btn--primary{background:var(--accent);border-color:var(--accent);color:#fff}" +
  ".btn--primary:hover{background:#7f3c0e}" +
  ".input{width:100%;min-height:2.5rem;padding:.45rem .7rem;border:1px solid var(--line-strong);border-radius:8px;" +
  'background:var(--surface);color:var(--ink);font:inherit}.input[aria-invalid="true"]{border-color:var(--danger)}' +
  ".main{min-height:100dvh;display:grid;place-items:center;padding:1rem}" +
  ".card{width:min(26rem,100%);background:var(--surface);border:1px solid var(--line);border-radius:16px;padding:2rem 1.75rem;" +
  "box-shadow:0 10px 30px rgb(29 26 22/8%)}" +
  ".brand{margin:0;color:var(--accent);font-weight:800;letter-spacing:.04em;text-transform:uppercase;font-size:.85rem;text-decoration:none}" +
  ".title{margin:.25rem 0 1.25rem;font-size:1.5rem;line-height:1.25}.lead{margin:-.75rem 0 1.25rem;color:var(--muted)}" +
  ".footer{margin:1.25rem 0 0;padding-top:1rem;border-top:1px solid var(--line);display:grid;gap:.35rem;font-size:.95rem;color:var(--muted)}" +
  ".footer p{margin:0}" +
  ".notice{margin:0 0 1rem;padding:.6rem .8rem;border-radius:8px;background:#dcefe2;color:var(--ok);font-weight:600}" +
  ".problem{margin:0 0 1rem;padding:.6rem .8rem;border-radius:8px;background:#fdf0ee;color:#7a1f12}" +
  ".failure{margin:0 0 1rem;color:var(--danger)}.submit{width:100%}" +
  ".field{display:grid;gap:.3rem;margin-bottom:.9rem}.label{font-weight:600;font-size:.9rem}" +
  ".hint,.field-error{margin:0;font-size:.85rem;color:var(--muted)}.field-error{color:var(--danger)}";

// While the form is sent: the button says so and takes no second press (a second sign-up would be a
// 409); a page brought back from the back-forward cache is pressable again.
const SCRIPT =
  '(function(){var f=document.querySelector("form[data-busy]");if(!f)return;var b=f.querySelector("button[type=submit]"),t=b.textContent;' +
  'f.addEventListener("submit",function(e){if(f.getAttribute("aria-busy")==="true"){e.preventDefault();return}' +
  'f.setAttribute("aria-busy","true");b.textContent=f.getAttribute("data-busy");b.disabled=true});' +
  'addEventListener("pageshow",function(){f.removeAttribute("aria-busy");b.textContent=t;b.disabled=false})})();';

/** One input with its label, hint and error, tied together for screen readers (as components/ui/field.tsx). */
export type FieldSpec = {
  name: string;
  label: string;
  type?: "text" | "email" | "password";
  autocomplete: string;
  value?: string;
  hint?: string;
  /** The schema's message; one in lowercase ("is required") follows the label, as the dashboard's Field says it. */
  error?: string;
  autofocus?: boolean;
};

export function field(spec: FieldSpec): Html {
  const id = `field-${spec.name}`;
  const message = spec.error && /^[a-z]/.test(spec.error) ? `${spec.label} ${spec.error}` : spec.error;
  const describedBy = [spec.hint ? `${id}-hint` : null, spec.error ? `${id}-error` : null].filter(Boolean).join(" ");
  const attributes = [
    `id="${id}"`,
    `name="${escapeHtml(spec.name)}"`,
    `type="${spec.type ?? "text"}"`,
    `autocomplete="${escapeHtml(spec.autocomplete)}"`,
    'class="input"',
    `aria-invalid="${spec.error ? "true" : "false"}"`,
    describedBy ? `aria-describedby="${describedBy}"` : "",
    spec.value ? `value="${escapeHtml(spec.value)}"` : "",
    spec.autofocus ? "autofocus" : "",
  ].filter(Boolean);
  return raw(
    `<div class="field"><label for="${id}" class="label">${escapeHtml(spec.label)}</label><input ${attributes.join(" ")}>${
      spec.hint ? `<p id="${id}-hint" class="hint">${escapeHtml(spec.hint)}</p>` : ""
    }${message ? `<p id="${id}-error" class="field-error">${escapeHtml(message)}</p>` : ""}</div>`,
  );
}

/** The form: posted to `action`, its fields, the message no field took, the submit button (`busy`: its words while sending). */
export function form({
  action,
  hidden = {},
  fields,
  failure,
  failureStyle = "problem",
  submit,
  busy,
}: {
  action: string;
  hidden?: Record<string, string>;
  fields: FieldSpec[];
  failure?: string | null;
  /** "problem": the card's boxed message (sign-up); "failure": a line in the danger colour (sign-in). */
  failureStyle?: "problem" | "failure";
  submit: string;
  busy: string;
}): Html {
  const inputs = Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  // Focus goes to the first field with a problem, as the dashboard's forms do.
  const firstError = fields.findIndex((spec) => spec.error);
  const shown = fields.map((spec, index) => field({ ...spec, autofocus: index === firstError }));
  return raw(
    `<form method="post" action="${escapeHtml(action)}" novalidate data-busy="${escapeHtml(busy)}">${inputs}${shown.map((part) => part.html).join("")}${
      failure ? `<p role="alert" class="${failureStyle}">${escapeHtml(failure)}</p>` : ""
    }<button type="submit" class="btn btn--primary submit">${escapeHtml(submit)}</button></form>`,
  );
}

/** A whole page: the card with its title, lead, a notice at the top, the body and the links below. */
export function wayInPage({
  title,
  heading,
  lead,
  notice,
  body,
  footer,
}: {
  /** The document's title. */
  title: string;
  heading: string;
  lead?: string;
  notice?: string;
  body: Html;
  footer?: Html;
}): string {
  const hasForm = body.html.includes("<form ");
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><meta name="description" content="Menus, events, hours and insights for bars, brewpubs and restaurants.">` +
    `<link rel="icon" href="/icon.svg" type="image/svg+xml"><style>${CSS}</style></head>` +
    '<body><main class="main"><section class="card" aria-labelledby="auth-title"><a href="/" class="brand">Taproom</a>' +
    `<h1 id="auth-title" class="title">${escapeHtml(heading)}</h1>${lead ? `<p class="lead">${escapeHtml(lead)}</p>` : ""}` +
    `${notice ? `<p role="status" class="notice">${escapeHtml(notice)}</p>` : ""}${body.html}` +
    `${footer ? `<div class="footer">${footer.html}</div>` : ""}</section></main>${hasForm ? `<script>${SCRIPT}</script>` : ""}</body></html>`
  );
}

const HTML = "text/html; charset=utf-8";

/** The page as an answer: never kept by a cache (it may carry what was typed). */
export function htmlAnswer(page: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(page, { status, headers: { ...headers, "content-type": HTML, "cache-control": "no-store" } });
}

/** 303 to a path on this site (after a POST, the browser GETs it), with the cookies to set. */
export function seeOther(location: string, cookies: [string, string][] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const [name, value] of cookies) headers.append(name, value);
  return new Response(null, { status: 303, headers });
}
