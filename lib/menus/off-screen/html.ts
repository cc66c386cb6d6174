import type { Location } from "@/lib/locations/locations";
import { escapeHtml } from "@/lib/shared/html";
import { ALLERGENS, DIETARY, type Labelling } from "@/lib/shared/labels";
import { type GuestWords, guestWords, statementOf, wordsSpeak } from "@/lib/shared/guest-words";
import { type FellBack, type GuestFilter, type GuestItem, type GuestSection, allergenLine, NO_FILTER } from "./guest-menu";
import { type GuestMenu, guestMenuOf } from "./guest-reads";
import { menuJsonLd } from "./listings";
import { phoneMenuUrl } from "./qr";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import { DEFAULT_THEME, type EmbedTheme } from "./theme";
import type { GuestVenueInfo } from "./venue-info";
import { languageName } from "@/lib/shared/language";

// The phone menu and the embedded menu as plain HTML (decision 066): no script needed to read them (the
// embed's one inline script tells its parent its height and follows the menu's changes), no web font, one small inline style
// sheet. Every text from the database goes through `html` (lib/shared/html.ts's escapeHtml).

const html = escapeHtml;

/** What a guest page shows beyond names and prices (venue-operations §13): from the location's labelling. */
export type GuestLabels = { labelling: Labelling };

/**
 * The page's language and the location's (default first), decision 097. The venue's texts are in the
 * page's language, a text that fell back is marked with the default's; the page's own words are the
 * catalogue's in that language (lib/shared/guest-words.ts), else English, marked so (decision 100).
 */
export type PageLanguage = { language: string; languages: string[] };
const ENGLISH: PageLanguage = { language: "en", languages: ["en"] };
const wordsOf = (page: PageLanguage) => guestWords(page.language);
/** ` lang="en"` on the page's own words when the catalogue has none in the page's language. */
const ownWords = (page: PageLanguage) => (wordsSpeak(wordsOf(page), page.language) ? "" : ' lang="en"');
/** A venue text, marked with the default language when it fell back to it. */
const venueText = (text: string, field: FellBack[number], fellBack: FellBack, page: PageLanguage) =>
  fellBack.includes(field) ? `<span lang="${html(page.languages[0] ?? "en")}">${html(text)}</span>` : html(text);

// Calories show wherever a container has them; the labelling rule adds the statement (uk, us).
const prices = (item: GuestItem, words: GuestWords) =>
  item.prices.length === 0
    ? ""
    : `<span class="prices">${item.prices
        .map(
          ({ label, price, calories }) =>
            `<span class="price">${label ? `${html(label)} ` : ""}<b>${html(price)}</b>${calories !== null ? ` <span class="kcal">${calories} ${html(words.kcal)}</span>` : ""}</span>`,
        )
        .join("")}</span>`;

// Words first, always: a tag is text (an icon, if ever added, only beside it).
const labelsHtml = (item: GuestItem, page: PageLanguage) => {
  const words = wordsOf(page);
  const tags = item.dietary.map((tag) => `<span class="tag">${html(words.dietary[tag])}</span>`).join("");
  const allergens = allergenLine(item, words);
  const own = ownWords(page);
  return `${tags ? `<p class="tags"${own}>${tags}</p>` : ""}${allergens ? `<p class="allergens"${own}>${html(allergens)}</p>` : ""}`;
};

function itemHtml(item: GuestItem, page: PageLanguage): string {
  const tap = item.tap
    ? `<span class="tap"><span class="vh"${ownWords(page)}>${html(wordsOf(page).tap)} </span>${html(item.tap)}</span> `
    : "";
  return `<li><p class="row"><span class="name">${tap}${venueText(item.name, "name", item.fellBack, page)}</span>${prices(item, wordsOf(page))}</p>${
    item.details ? `<p class="meta">${html(item.details)}</p>` : ""
  }${labelsHtml(item, page)}${item.description ? `<p class="desc">${venueText(item.description, "description", item.fellBack, page)}</p>` : ""}</li>`;
}

const sectionHtml = (section: GuestSection, heading: "h2" | "h3", page: PageLanguage) =>
  `<section><${heading}>${venueText(section.name, "name", section.fellBack, page)}</${heading}>${
    section.description ? `<p class="note">${venueText(section.description, "description", section.fellBack, page)}</p>` : ""
  }${section.items.length > 0 ? `<ul>${section.items.map((item) => itemHtml(item, page)).join("")}</ul>` : ""}</section>`;

const statementHtml = ({ labelling }: GuestLabels, page: PageLanguage) => {
  const statement = statementOf(wordsOf(page), labelling);
  return statement ? `<p class="note kcal-note"${ownWords(page)}>${html(statement)}</p>` : "";
};

const menuBody = (menu: GuestMenu, heading: "h2" | "h3", page: PageLanguage) =>
  `${menu.description ? `<p class="note">${venueText(menu.description, "description", menu.fellBack, page)}</p>` : ""}${menu.sections
    .map((section) => sectionHtml(section, heading, page))
    .join("")}${menu.footer ? `<p class="note foot">${venueText(menu.footer, "footer", menu.fellBack, page)}</p>` : ""}`;

/**
 * The language switch (decision 097): plain links, no script, each language named in itself, the
 * current one marked; `keep` is the rest of the page's query (the guest's filter), kept by each link.
 */
function languageSwitch(path: string, page: PageLanguage, keep: URLSearchParams = new URLSearchParams()): string {
  if (page.languages.length < 2) return "";
  const links = page.languages.map((tag) => {
    const query = new URLSearchParams(keep);
    query.set("lang", tag);
    const current = tag === page.language ? ' aria-current="true"' : "";
    return `<li><a href="${html(`${path}?${query}`)}" hreflang="${html(tag)}" lang="${html(tag)}"${current}>${html(languageName(tag))}</a></li>`;
  });
  return `<nav class="langs" aria-label="${html(wordsOf(page).language_switch)}"${ownWords(page)}><ul>${links.join("")}</ul></nav>`;
}

const SWITCH_CSS =
  ".langs ul{display:flex;flex-wrap:wrap;gap:0 1rem;margin:.25rem 0}.langs li{border:0;padding:0}" +
  ".langs a{color:var(--tr-accent);display:inline-flex;align-items:center;min-height:44px}.langs a[aria-current]{color:var(--tr-fg);font-weight:700;text-decoration:none}";

const checkbox = (name: string, value: string, label: string, checked: boolean) =>
  `<label class="check"><input type="checkbox" name="${name}" value="${value}"${checked ? " checked" : ""}> ${label}</label>`;

/** The guest's filter as a plain GET form (no script): open while a filter is on, with what it does in words. */
function filterHtml(locationId: number, filter: GuestFilter, page: PageLanguage): string {
  const on = filter.without.length + filter.only.length > 0;
  const w = wordsOf(page);
  const inSentence = (word: string) => (w.lowerInSentence ? word.toLocaleLowerCase(w.language) : word);
  const said = [
    ...(filter.without.length > 0 ? [w.without(filter.without.map((a) => inSentence(w.allergens[a])).join(", "))] : []),
    ...filter.only.map((tag) => w.only(inSentence(w.dietary[tag]))),
  ].join("; ");
  return (
    `<details class="filter"${on ? " open" : ""}${ownWords(page)}><summary>${html(w.filter)}</summary><form method="get" action="/m/${locationId}">` +
    (page.languages.length > 1 ? `<input type="hidden" name="lang" value="${html(page.language)}">` : "") +
    `<fieldset><legend>${html(w.hide_containing)}</legend><div class="checks">${ALLERGENS.map((a) => checkbox("without", a, html(w.allergens[a]), filter.without.includes(a))).join("")}</div></fieldset>` +
    `<fieldset><legend>${html(w.show_only)}</legend><div class="checks">${DIETARY.map((tag) => checkbox("only", tag, html(w.dietary[tag]), filter.only.includes(tag))).join("")}</div></fieldset>` +
    `<p class="actions"><button type="submit">${html(w.apply_filter)}</button>${on ? ` <a href="/m/${locationId}${page.languages.length > 1 ? `?lang=${html(page.language)}` : ""}">${html(w.clear_filter)}</a>` : ""}</p></form></details>${
      on ? `<p class="note filtered" role="status"${ownWords(page)}>${html(w.showing(said))}</p>` : ""
    }`
  );
}

const FILTER_CSS =
  ".filter{margin:.75rem 0;border:1px solid var(--tr-rule);border-radius:.4rem;padding:.4rem .75rem}.filter summary{cursor:pointer;font-weight:700;padding:.35rem 0;color:var(--tr-accent)}" +
  ".filter fieldset{border:0;margin:.25rem 0;padding:0}.filter legend{font-weight:700;padding:0;margin-bottom:.2rem}" +
  ".checks{display:grid;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr));gap:0 .5rem}.check{display:flex;align-items:center;gap:.4rem;min-height:44px}" +
  ".check input{width:1.25rem;height:1.25rem;accent-color:var(--tr-accent)}.actions{display:flex;gap:1rem;align-items:center;margin:.5rem 0}" +
  ".actions button{font:inherit;font-weight:700;min-height:44px;padding:.4rem 1rem;border-radius:.4rem;border:0;background:var(--tr-accent);color:var(--tr-bg)}" +
  ".actions a{color:var(--tr-accent)}.filtered{margin:.5rem 0}";

const BASE_CSS =
  "*{box-sizing:border-box}body{margin:0;background:var(--tr-bg);color:var(--tr-fg);font:16px/1.4 var(--tr-font)}" +
  "h1,h2,h3{line-height:1.2;margin:0}ul{list-style:none;margin:0;padding:0}p{margin:0}" +
  "section>h2:not(.menu-name),section>h3{font-size:1.15rem;margin:1.25rem 0 .25rem;padding-bottom:.2rem;border-bottom:2px solid var(--tr-accent)}" +
  "li{padding:.55rem 0;border-bottom:1px solid var(--tr-rule)}li:last-child{border-bottom:0}" +
  ".row{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 .75rem}.name{font-weight:700}" +
  ".tap{display:inline-block;min-width:1.6em;text-align:center;border-radius:.3em;background:var(--tr-accent);color:var(--tr-bg);font-size:.85em;margin-right:.2em}" +
  ".prices{display:flex;flex-wrap:wrap;gap:0 .75rem}.price{white-space:nowrap}" +
  ".vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}" +
  ".meta,.note,.desc,.allergens,.kcal{color:var(--tr-muted);font-size:.875rem}.note{margin:.25rem 0}.foot{margin-top:1rem}" +
  ".allergens{font-weight:600}.tags{display:flex;flex-wrap:wrap;gap:.3rem;margin:.15rem 0}" +
  ".tag{font-size:.8rem;font-weight:600;border:1px solid var(--tr-fg);border-radius:1em;padding:0 .5em}" +
  ":focus-visible{outline:3px solid var(--tr-accent);outline-offset:2px}a{text-underline-offset:.15em}";

// A data: icon: no favicon request, so the page is one request.
const documentHead = (language = "en") =>
  `<!doctype html><html lang="${html(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="icon" href="data:,">`;

const themeCss = (theme: EmbedTheme) =>
  `:root{--tr-bg:${theme.bg};--tr-fg:${theme.fg};--tr-muted:${theme.muted};--tr-accent:${theme.accent};--tr-font:${theme.font};` +
  "--tr-rule:color-mix(in srgb,var(--tr-fg) 15%,var(--tr-bg))}";

function addressOf(location: Location): string {
  return [location.address1, location.city].filter(Boolean).join(", ");
}

/** "Open now — closes …" and the week in a disclosure (no script: `<details>`), special dates under it. */
function hoursHtml(info: GuestVenueInfo, page: PageLanguage): string {
  if (!info.status) return "";
  const w = wordsOf(page);
  // The day's name and "Closed" are the page's words; a time range is in the venue's clock's own style.
  const rows = info.week
    .map(
      (day) =>
        `<tr${day.today ? ' class="today" aria-current="date"' : ""}><th scope="row">${html(day.day)}${day.today ? ` <span class="vh">(${html(w.today)})</span>` : ""}</th><td>${html(day.hours)}</td></tr>`,
    )
    .join("");
  const special =
    info.special.length > 0
      ? `<p class="note special-title">${html(w.special_dates)}</p><ul class="special">${info.special.map((day) => `<li>${html(day)}</li>`).join("")}</ul>`
      : "";
  const own = ownWords(page);
  return `<p class="open ${info.status.open ? "is-open" : "is-closed"}"${own}>${html(info.status.words)}</p><details class="hours"${own}><summary>${html(w.opening_hours)}</summary><table><caption class="vh">${html(w.opening_hours)}</caption><tbody>${rows}</tbody></table>${special}</details>`;
}

/** The next events, soonest first, each with its time on the venue's clock. */
function eventsHtml(info: GuestVenueInfo, page: PageLanguage): string {
  if (info.events.length === 0) return "";
  const items = info.events
    .map(
      (event) =>
        `<li><p class="name">${html(event.name)}</p><p class="meta"><time datetime="${html(event.start)}"${ownWords(page)}>${html(event.when)}</time></p>${
          event.description ? `<p class="desc">${html(event.description)}</p>` : ""
        }${event.link ? `<p class="desc"><a href="${html(event.link)}" rel="noopener nofollow"${ownWords(page)}>${html(wordsOf(page).more_about(event.name))}</a></p>` : ""}</li>`,
    )
    .join("");
  return `<section id="events" class="menu events" aria-labelledby="events-title"><h2 class="menu-name" id="events-title"${ownWords(page)}>${html(wordsOf(page).coming_up)}</h2><ul>${items}</ul></section>`;
}

const VENUE_CSS =
  ".open{font-weight:700;margin:.5rem 0 .25rem}.open.is-open{color:var(--tr-accent)}.hours{margin:.25rem 0 .5rem}" +
  ".hours summary{cursor:pointer;color:var(--tr-accent);padding:.35rem 0;min-height:44px;display:flex;align-items:center}" +
  ".hours table{border-collapse:collapse;margin:.25rem 0}.hours th,.hours td{text-align:left;padding:.2rem 1rem .2rem 0;font-weight:400}" +
  ".hours .today th,.hours .today td{font-weight:700}.special{margin:.15rem 0}.special li{padding:.15rem 0;border:0;font-size:.875rem}" +
  ".special-title{margin-top:.5rem;font-weight:700}.events a{color:var(--tr-accent)}";

/** GET /m/:locationId: the published menus, one after another, with links to each when there are several. */
export function phoneMenuHtml(
  location: Location,
  menus: GuestMenu[],
  {
    filter = NO_FILTER,
    jsonLd = null,
    info = null,
    page = ENGLISH,
  }: { filter?: GuestFilter; jsonLd?: string | null; info?: GuestVenueInfo | null; page?: PageLanguage } = {},
): string {
  const events = info ? eventsHtml(info, page) : "";
  const links = [
    ...(menus.length > 1 ? menus.map((menu) => `<li><a href="#menu-${menu.id}">${html(menu.name)}</a></li>`) : []),
    ...(menus.length > 1 && events ? [`<li${ownWords(page)}><a href="#events">${html(wordsOf(page).coming_up)}</a></li>`] : []),
  ];
  const nav = links.length > 0 ? `<nav aria-label="${html(wordsOf(page).menus)}"><ul class="nav">${links.join("")}</ul></nav>` : "";
  const body =
    menus.length === 0
      ? `<p class="note"${ownWords(page)}>${html(wordsOf(page).no_menu)}</p>`
      : menus
          .map(
            (menu) =>
              `<section id="menu-${menu.id}" class="menu"><h2 class="menu-name">${venueText(menu.name, "name", menu.fellBack, page)}</h2>${menuBody(menu, "h3", page)}</section>`,
          )
          .join("");
  const address = addressOf(location);
  // JSON-LD is data, not script: the page still runs none. "<" is escaped so no text can close the element.
  const data = jsonLd ? `<script type="application/ld+json">${jsonLd.replace(/</g, "\\u003c")}</script>` : "";
  const keep = new URLSearchParams([...filter.without.map((a) => ["without", a]), ...filter.only.map((tag) => ["only", tag])]);
  return `${documentHead(page.language)}<title>${html(wordsOf(page).menu_title(location.name))}</title>${data}<style>${themeCss(DEFAULT_THEME)}${BASE_CSS}${FILTER_CSS}${SWITCH_CSS}${
    "main,header{max-width:40rem;margin:0 auto;padding:0 1rem}header{padding-top:1rem}h1{font-size:1.5rem}" +
    ".menu-name{font-size:1.3rem;margin-top:1.5rem}.nav{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:.5rem}" +
    ".nav li{border:0;padding:0}.nav a{color:var(--tr-accent);display:inline-block;padding:.3rem 0}main{padding-bottom:2rem}"
  }${VENUE_CSS}</style></head><body><header><h1>${html(location.name)}</h1>${address ? `<p class="note">${html(address)}</p>` : ""}${
    info ? hoursHtml(info, page) : ""
  }${languageSwitch(`/m/${location.id}`, page, keep)}${nav}${statementHtml(location, page)}${filterHtml(location.id, filter, page)}</header><main>${body}${events}</main></body></html>`;
}

/** The phone menu page: the menus as the guest's filter leaves them, and the whole of them as JSON-LD. */
export function phonePageHtml(
  location: Location,
  trees: MenuTreeResponse[],
  filter: GuestFilter,
  info: GuestVenueInfo | null = null,
  page: PageLanguage = ENGLISH,
): string {
  const words = wordsOf(page);
  const all = trees.map((tree) => guestMenuOf(tree, NO_FILTER, words));
  const filtered = filter.without.length + filter.only.length > 0;
  const shown = filtered ? trees.map((tree) => guestMenuOf(tree, filter, words)) : all;
  const jsonLd = JSON.stringify(menuJsonLd(location, all, phoneMenuUrl(location.id), page.language));
  return phoneMenuHtml(location, shown, { filter, jsonLd, info, page });
}

/** What the embed's script posts to its parent: `{type, menu_id, height}` (the snippet's script listens). */
export const EMBED_MESSAGE = "taproom:embed:height";

/**
 * The embed follows its menu as the board does (issue 49): the board's stream (`/preview/menus/:id/stream`,
 * same origin, so the page's `connect-src 'self'` allows it) tells each new version, the current one first
 * on every (re)connect; the page then asks for itself again (a 304 while nothing a guest sees changed) and
 * puts the new `<main>` in place (saying `x-taproom-follow`: not a new view). One request at a time; a version told meanwhile asks once more after.
 * Unpublished (`gone`), the page's `<main>` becomes the not-found page's, and comes back when published.
 */
const followScript = (menuId: number) =>
  `(function(){if(!window.EventSource||!window.fetch||!window.DOMParser)return;var busy=false,again=false;` +
  `function refresh(){if(busy){again=true;return}busy=true;fetch(location.href,{cache:"no-cache",headers:{"x-taproom-follow":"1"}}).then(function(r){return r.text()})` +
  `.then(function(t){var next=new DOMParser().parseFromString(t,"text/html").querySelector("main"),here=document.querySelector("main");` +
  `if(next&&here&&next.innerHTML!==here.innerHTML)here.replaceWith(next)}).catch(function(){})` +
  `.then(function(){busy=false;if(again){again=false;refresh()}})}` +
  `var stream=new EventSource("/preview/menus/${menuId}/stream");stream.addEventListener("version",refresh);stream.addEventListener("gone",refresh)})();`;

/** GET /embed/menus/:id: one menu for a venue's own page, themed, telling its parent its height, following its changes. */
export function embedHtml(
  tree: MenuTreeResponse,
  theme: EmbedTheme,
  labels: GuestLabels = { labelling: "none" },
  page: PageLanguage = ENGLISH,
  keep: URLSearchParams = new URLSearchParams(),
): string {
  const menu = guestMenuOf(tree, NO_FILTER, wordsOf(page));
  const script =
    `(function(){var last=0;function send(){var h=Math.ceil(document.documentElement.getBoundingClientRect().height);` +
    `if(h!==last){last=h;parent.postMessage({type:${JSON.stringify(EMBED_MESSAGE)},menu_id:${menu.id},height:h},"*")}}` +
    `if(window.ResizeObserver)new ResizeObserver(send).observe(document.documentElement);addEventListener("load",send);send()})();` +
    followScript(menu.id);
  return `${documentHead(page.language)}<title>${html(menu.name)}</title><style>${themeCss(theme)}${BASE_CSS}${SWITCH_CSS}${"main{padding:.25rem 1rem 1rem}h1{font-size:1.3rem;margin-top:.5rem}"}</style></head><body><main>${languageSwitch(`/embed/menus/${menu.id}`, page, keep)}<h1>${venueText(menu.name, "name", menu.fellBack, page)}</h1>${statementHtml(labels, page)}${menuBody(menu, "h2", page)}</main><script>${script}</script></body></html>`;
}

/** A guest's 404: a page, not a problem document. */
export function notFoundHtml(what: string): string {
  return `${documentHead()}<title>Not found</title><style>body{font:16px/1.4 system-ui,sans-serif;margin:2rem}</style></head><body><main><h1>Not found</h1><p>${html(what)}</p></main></body></html>`;
}
