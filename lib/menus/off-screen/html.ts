import type { Location } from "@/lib/locations/locations";
import type { GuestItem, GuestSection } from "./guest-menu";
import type { GuestMenu } from "./guest-reads";
import { DEFAULT_THEME, type EmbedTheme } from "./theme";

// The phone menu and the embedded menu as plain HTML (decision 066): no script needed to read them (the
// embed's one inline script only tells its parent its height), no web font, one small inline style
// sheet. Every text from the database goes through `html`.

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const html = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

const prices = (item: GuestItem) =>
  item.prices.length === 0
    ? ""
    : `<span class="prices">${item.prices
        .map(({ label, price }) => `<span class="price">${label ? `${html(label)} ` : ""}<b>${html(price)}</b></span>`)
        .join("")}</span>`;

function itemHtml(item: GuestItem): string {
  const tap = item.tap ? `<span class="tap"><span class="vh">Tap </span>${html(item.tap)}</span> ` : "";
  return `<li><p class="row"><span class="name">${tap}${html(item.name)}</span>${prices(item)}</p>${
    item.details ? `<p class="meta">${html(item.details)}</p>` : ""
  }${item.description ? `<p class="desc">${html(item.description)}</p>` : ""}</li>`;
}

const sectionHtml = (section: GuestSection, heading: "h2" | "h3") =>
  `<section><${heading}>${html(section.name)}</${heading}>${section.description ? `<p class="note">${html(section.description)}</p>` : ""}${
    section.items.length > 0 ? `<ul>${section.items.map(itemHtml).join("")}</ul>` : ""
  }</section>`;

const menuBody = (menu: GuestMenu, heading: "h2" | "h3") =>
  `${menu.description ? `<p class="note">${html(menu.description)}</p>` : ""}${menu.sections.map((section) => sectionHtml(section, heading)).join("")}${
    menu.footer ? `<p class="note foot">${html(menu.footer)}</p>` : ""
  }`;

const BASE_CSS =
  "*{box-sizing:border-box}body{margin:0;background:var(--tr-bg);color:var(--tr-fg);font:16px/1.4 var(--tr-font)}" +
  "h1,h2,h3{line-height:1.2;margin:0}ul{list-style:none;margin:0;padding:0}p{margin:0}" +
  "section>h2:not(.menu-name),section>h3{font-size:1.15rem;margin:1.25rem 0 .25rem;padding-bottom:.2rem;border-bottom:2px solid var(--tr-accent)}" +
  "li{padding:.55rem 0;border-bottom:1px solid var(--tr-rule)}li:last-child{border-bottom:0}" +
  ".row{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 .75rem}.name{font-weight:700}" +
  ".tap{display:inline-block;min-width:1.6em;text-align:center;border-radius:.3em;background:var(--tr-accent);color:var(--tr-bg);font-size:.85em;margin-right:.2em}" +
  ".prices{display:flex;flex-wrap:wrap;gap:0 .75rem}.price{white-space:nowrap}" +
  ".vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}" +
  ".meta,.note,.desc{color:var(--tr-muted);font-size:.875rem}.note{margin:.25rem 0}.foot{margin-top:1rem}";

// A data: icon: no favicon request, so the page is one request.
const DOCUMENT_HEAD =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">';

const themeCss = (theme: EmbedTheme) =>
  `:root{--tr-bg:${theme.bg};--tr-fg:${theme.fg};--tr-muted:${theme.muted};--tr-accent:${theme.accent};--tr-font:${theme.font};` +
  "--tr-rule:color-mix(in srgb,var(--tr-fg) 15%,var(--tr-bg))}";

function addressOf(location: Location): string {
  return [location.address1, location.city].filter(Boolean).join(", ");
}

/** GET /m/:locationId: the published menus, one after another, with links to each when there are several. */
export function phoneMenuHtml(location: Location, menus: GuestMenu[]): string {
  const nav =
    menus.length > 1
      ? `<nav aria-label="Menus"><ul class="nav">${menus.map((menu) => `<li><a href="#menu-${menu.id}">${html(menu.name)}</a></li>`).join("")}</ul></nav>`
      : "";
  const body =
    menus.length === 0
      ? '<p class="note">No menu is published right now.</p>'
      : menus
          .map(
            (menu) =>
              `<section id="menu-${menu.id}" class="menu"><h2 class="menu-name">${html(menu.name)}</h2>${menuBody(menu, "h3")}</section>`,
          )
          .join("");
  const address = addressOf(location);
  return `${DOCUMENT_HEAD}<title>${html(location.name)} — menu</title><style>${themeCss(DEFAULT_THEME)}${BASE_CSS}${
    "main,header{max-width:40rem;margin:0 auto;padding:0 1rem}header{padding-top:1rem}h1{font-size:1.5rem}" +
    ".menu-name{font-size:1.3rem;margin-top:1.5rem}.nav{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}" +
    ".nav li{border:0;padding:0}.nav a{color:var(--tr-accent);display:inline-block;padding:.3rem 0}main{padding-bottom:2rem}"
  }</style></head><body><header><h1>${html(location.name)}</h1>${address ? `<p class="note">${html(address)}</p>` : ""}${nav}</header><main>${body}</main></body></html>`;
}

/** What the embed's script posts to its parent: `{type, menu_id, height}` (the snippet's script listens). */
export const EMBED_MESSAGE = "taproom:embed:height";

/** GET /embed/menus/:id: one menu for a venue's own page, themed, telling its parent its height. */
export function embedHtml(menu: GuestMenu, theme: EmbedTheme): string {
  const script =
    `(function(){var last=0;function send(){var h=Math.ceil(document.documentElement.getBoundingClientRect().height);` +
    `if(h!==last){last=h;parent.postMessage({type:${JSON.stringify(EMBED_MESSAGE)},menu_id:${menu.id},height:h},"*")}}` +
    `if(window.ResizeObserver)new ResizeObserver(send).observe(document.documentElement);addEventListener("load",send);send()})();`;
  return `${DOCUMENT_HEAD}<title>${html(menu.name)}</title><style>${themeCss(theme)}${BASE_CSS}${"main{padding:.25rem 1rem 1rem}h1{font-size:1.3rem;margin-top:.5rem}"}</style></head><body><main><h1>${html(menu.name)}</h1>${menuBody(menu, "h2")}</main><script>${script}</script></body></html>`;
}

/** A guest's 404: a page, not a problem document. */
export function notFoundHtml(what: string): string {
  return `${DOCUMENT_HEAD}<title>Not found</title><style>body{font:16px/1.4 system-ui,sans-serif;margin:2rem}</style></head><body><main><h1>Not found</h1><p>${html(what)}</p></main></body></html>`;
}
