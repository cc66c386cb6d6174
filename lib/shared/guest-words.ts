import { ALLERGEN_WORDS, type Allergen, type Dietary, DIETARY_WORDS, type Labelling, labellingRule } from "./labels";

// The guest surfaces' own words (venue-operations §13, decision 100): the phone menu, the embed, print and
// the TV board say their headings, filter, allergens, dietary tags and statements in the page's language
// when this catalogue has it, else in English. Isomorphic and pure: the server's pages and the board's
// browser code read the same words. The venue's texts are its translations (decision 097), not these.

export type GuestWords = {
  /** The language these words are in: the page's when the catalogue has it (`de` for `de-AT`), else `en`. */
  language: string;
  allergens: Record<Allergen, string>;
  dietary: Record<Dietary, string>;
  /** Whether a list of allergen or tag words inside a sentence is lower-cased (not in German: nouns). */
  lowerInSentence: boolean;
  contains: (list: string) => string;
  kcal: string;
  cask: string;
  nitro: string;
  tap: string;
  statement: Record<"uk" | "us", string>;
  language_switch: string;
  menus: string;
  menu_title: (venue: string) => string;
  no_menu: string;
  empty_menu: string;
  filter: string;
  hide_containing: string;
  show_only: string;
  apply_filter: string;
  clear_filter: string;
  without: (list: string) => string;
  only: (tag: string) => string;
  showing: (what: string) => string;
  opening_hours: string;
  today: string;
  special_dates: string;
  closed: string;
  open_all_day: string;
  coming_up: string;
  more_about: (name: string) => string;
  coming_soon: string;
  almost_gone: string;
  continued: (title: string) => string;
  prices_of: (name: string) => string;
  printed: (when: string) => string;
  page_of: (page: string, pages: string) => string;
  nothing_here: string;
  prices_in: (currency: string) => string;
  tomorrow: string;
  /** "Open now — closes today 11:00 PM" and its siblings; `when` is a relative day and time. */
  open_closes: (when: string) => string;
  open_always: string;
  closed_opens: (when: string) => string;
  closed_no_hours: string;
  /** A special date's hours: "Sun 7 Jun: closed", "… 12:00 PM–2:00 AM (past midnight)". */
  closed_on_day: string;
  past_midnight: string;
};

const en: GuestWords = {
  language: "en",
  // The English words are labels.ts's, which the dashboard reads too.
  allergens: ALLERGEN_WORDS,
  dietary: DIETARY_WORDS,
  lowerInSentence: true,
  contains: (list) => `Contains: ${list}`,
  kcal: "kcal",
  cask: "cask",
  nitro: "nitro",
  tap: "Tap",
  statement: { uk: labellingRule("uk").statement!, us: labellingRule("us").statement! },
  language_switch: "Language",
  menus: "Menus",
  menu_title: (venue) => `${venue} — menu`,
  no_menu: "No menu is published right now.",
  empty_menu: "Nothing on this menu right now.",
  filter: "Filter by allergen or diet",
  hide_containing: "Hide items that contain",
  show_only: "Show only items that are",
  apply_filter: "Apply filter",
  clear_filter: "Clear filter",
  without: (list) => `without ${list}`,
  only: (tag) => `${tag} only`,
  showing: (what) => `Showing items ${what}. Items with no allergens listed are shown: ask staff if unsure.`,
  opening_hours: "Opening hours",
  today: "today",
  special_dates: "Special dates",
  closed: "Closed",
  open_all_day: "Open 24 hours",
  coming_up: "Coming up",
  more_about: (name) => `More about ${name}`,
  coming_soon: "Coming soon",
  almost_gone: "Almost gone",
  continued: (title) => `${title} (continued)`,
  prices_of: (name) => `Prices of ${name}`,
  printed: (when) => `Printed ${when}`,
  page_of: (page, pages) => `Page ${page} of ${pages}`,
  nothing_here: "Nothing here right now.",
  prices_in: (currency) => `Prices in ${currency}`,
  tomorrow: "tomorrow",
  open_closes: (when) => `Open now — closes ${when}`,
  open_always: "Open now — open 24 hours",
  closed_opens: (when) => `Closed now — opens ${when}`,
  closed_no_hours: "Closed now — no opening hours set",
  closed_on_day: "closed",
  past_midnight: "past midnight",
};

const de: GuestWords = {
  language: "de",
  allergens: {
    gluten: "Gluten",
    crustaceans: "Krebstiere",
    eggs: "Eier",
    fish: "Fisch",
    peanuts: "Erdnüsse",
    soybeans: "Soja",
    milk: "Milch",
    nuts: "Schalenfrüchte",
    celery: "Sellerie",
    mustard: "Senf",
    sesame: "Sesam",
    sulphites: "Sulfite",
    lupin: "Lupinen",
    molluscs: "Weichtiere",
  },
  dietary: { vegan: "Vegan", vegetarian: "Vegetarisch", gluten_free: "Glutenfrei", alcohol_free: "Alkoholfrei", low_alcohol: "Alkoholarm" },
  lowerInSentence: false,
  contains: (list) => `Enthält: ${list}`,
  kcal: "kcal",
  cask: "Fass",
  nitro: "Nitro",
  tap: "Zapfhahn",
  statement: {
    uk: "Erwachsene brauchen etwa 2000 kcal am Tag.",
    us: "2.000 Kalorien am Tag gelten als allgemeiner Richtwert; der Bedarf ist unterschiedlich.",
  },
  language_switch: "Sprache",
  menus: "Karten",
  menu_title: (venue) => `${venue} — Karte`,
  no_menu: "Gerade ist keine Karte veröffentlicht.",
  empty_menu: "Auf dieser Karte steht gerade nichts.",
  filter: "Nach Allergenen oder Ernährung filtern",
  hide_containing: "Ausblenden, was enthält",
  show_only: "Nur zeigen, was ist",
  apply_filter: "Filter anwenden",
  clear_filter: "Filter löschen",
  without: (list) => `ohne ${list}`,
  only: (tag) => `nur ${tag}`,
  showing: (what) => `Angezeigt: ${what}. Ohne angegebene Allergene wird alles gezeigt: im Zweifel bitte nachfragen.`,
  opening_hours: "Öffnungszeiten",
  today: "heute",
  special_dates: "Besondere Tage",
  closed: "Geschlossen",
  open_all_day: "24 Stunden geöffnet",
  coming_up: "Demnächst",
  more_about: (name) => `Mehr zu ${name}`,
  coming_soon: "Bald im Ausschank",
  almost_gone: "Fast leer",
  continued: (title) => `${title} (Fortsetzung)`,
  prices_of: (name) => `Preise für ${name}`,
  printed: (when) => `Gedruckt ${when}`,
  page_of: (page, pages) => `Seite ${page} von ${pages}`,
  nothing_here: "Hier gerade nichts.",
  prices_in: (currency) => `Preise in ${currency}`,
  tomorrow: "morgen",
  open_closes: (when) => `Jetzt geöffnet — schließt ${when}`,
  open_always: "Jetzt geöffnet — rund um die Uhr",
  closed_opens: (when) => `Jetzt geschlossen — öffnet ${when}`,
  closed_no_hours: "Jetzt geschlossen — keine Öffnungszeiten angegeben",
  closed_on_day: "geschlossen",
  past_midnight: "bis nach Mitternacht",
};

const fr: GuestWords = {
  language: "fr",
  allergens: {
    gluten: "Gluten",
    crustaceans: "Crustacés",
    eggs: "Œufs",
    fish: "Poisson",
    peanuts: "Arachides",
    soybeans: "Soja",
    milk: "Lait",
    nuts: "Fruits à coque",
    celery: "Céleri",
    mustard: "Moutarde",
    sesame: "Sésame",
    sulphites: "Sulfites",
    lupin: "Lupin",
    molluscs: "Mollusques",
  },
  dietary: {
    vegan: "Végan",
    vegetarian: "Végétarien",
    gluten_free: "Sans gluten",
    alcohol_free: "Sans alcool",
    low_alcohol: "Faible en alcool",
  },
  lowerInSentence: true,
  contains: (list) => `Contient : ${list}`,
  kcal: "kcal",
  cask: "fût",
  nitro: "nitro",
  tap: "Tireuse",
  statement: {
    uk: "Un adulte a besoin d’environ 2000 kcal par jour.",
    us: "2 000 calories par jour servent de repère nutritionnel général, mais les besoins varient.",
  },
  language_switch: "Langue",
  menus: "Cartes",
  menu_title: (venue) => `${venue} — carte`,
  no_menu: "Aucune carte n’est publiée pour le moment.",
  empty_menu: "Rien sur cette carte pour le moment.",
  filter: "Filtrer par allergène ou régime",
  hide_containing: "Masquer ce qui contient",
  show_only: "Afficher seulement ce qui est",
  apply_filter: "Appliquer le filtre",
  clear_filter: "Effacer le filtre",
  without: (list) => `sans ${list}`,
  only: (tag) => `${tag} seulement`,
  showing: (what) =>
    `Articles affichés : ${what}. Les articles sans allergène indiqué restent affichés : en cas de doute, demandez au personnel.`,
  opening_hours: "Horaires d’ouverture",
  today: "aujourd’hui",
  special_dates: "Dates particulières",
  closed: "Fermé",
  open_all_day: "Ouvert 24 h/24",
  coming_up: "À venir",
  more_about: (name) => `En savoir plus sur ${name}`,
  coming_soon: "Bientôt à la pression",
  almost_gone: "Presque fini",
  continued: (title) => `${title} (suite)`,
  prices_of: (name) => `Prix de ${name}`,
  printed: (when) => `Imprimé le ${when}`,
  page_of: (page, pages) => `Page ${page} sur ${pages}`,
  nothing_here: "Rien ici pour le moment.",
  prices_in: (currency) => `Prix en ${currency}`,
  tomorrow: "demain",
  open_closes: (when) => `Ouvert — ferme ${when}`,
  open_always: "Ouvert — 24 h/24",
  closed_opens: (when) => `Fermé — ouvre ${when}`,
  closed_no_hours: "Fermé — aucun horaire indiqué",
  closed_on_day: "fermé",
  past_midnight: "après minuit",
};

const es: GuestWords = {
  language: "es",
  allergens: {
    gluten: "Gluten",
    crustaceans: "Crustáceos",
    eggs: "Huevos",
    fish: "Pescado",
    peanuts: "Cacahuetes",
    soybeans: "Soja",
    milk: "Leche",
    nuts: "Frutos de cáscara",
    celery: "Apio",
    mustard: "Mostaza",
    sesame: "Sésamo",
    sulphites: "Sulfitos",
    lupin: "Altramuces",
    molluscs: "Moluscos",
  },
  dietary: {
    vegan: "Vegano",
    vegetarian: "Vegetariano",
    gluten_free: "Sin gluten",
    alcohol_free: "Sin alcohol",
    low_alcohol: "Bajo en alcohol",
  },
  lowerInSentence: true,
  contains: (list) => `Contiene: ${list}`,
  kcal: "kcal",
  cask: "barril",
  nitro: "nitro",
  tap: "Grifo",
  statement: {
    uk: "Un adulto necesita unas 2000 kcal al día.",
    us: "Se usan 2000 calorías al día como referencia nutricional general, pero las necesidades varían.",
  },
  language_switch: "Idioma",
  menus: "Cartas",
  menu_title: (venue) => `${venue} — carta`,
  no_menu: "Ahora mismo no hay ninguna carta publicada.",
  empty_menu: "Ahora mismo no hay nada en esta carta.",
  filter: "Filtrar por alérgeno o dieta",
  hide_containing: "Ocultar lo que contenga",
  show_only: "Mostrar solo lo que sea",
  apply_filter: "Aplicar filtro",
  clear_filter: "Quitar filtro",
  without: (list) => `sin ${list}`,
  only: (tag) => `solo ${tag}`,
  showing: (what) => `Se muestra: ${what}. Se muestran los productos sin alérgenos indicados: si tiene dudas, pregunte al personal.`,
  opening_hours: "Horario",
  today: "hoy",
  special_dates: "Fechas especiales",
  closed: "Cerrado",
  open_all_day: "Abierto 24 horas",
  coming_up: "Próximamente",
  more_about: (name) => `Más sobre ${name}`,
  coming_soon: "Muy pronto",
  almost_gone: "Casi agotado",
  continued: (title) => `${title} (continuación)`,
  prices_of: (name) => `Precios de ${name}`,
  printed: (when) => `Impreso el ${when}`,
  page_of: (page, pages) => `Página ${page} de ${pages}`,
  nothing_here: "Nada por aquí ahora mismo.",
  prices_in: (currency) => `Precios en ${currency}`,
  tomorrow: "mañana",
  open_closes: (when) => `Abierto ahora — cierra ${when}`,
  open_always: "Abierto ahora — 24 horas",
  closed_opens: (when) => `Cerrado ahora — abre ${when}`,
  closed_no_hours: "Cerrado ahora — sin horario indicado",
  closed_on_day: "cerrado",
  past_midnight: "pasada la medianoche",
};

const nl: GuestWords = {
  language: "nl",
  allergens: {
    gluten: "Gluten",
    crustaceans: "Schaaldieren",
    eggs: "Eieren",
    fish: "Vis",
    peanuts: "Pinda’s",
    soybeans: "Soja",
    milk: "Melk",
    nuts: "Noten",
    celery: "Selderij",
    mustard: "Mosterd",
    sesame: "Sesamzaad",
    sulphites: "Sulfiet",
    lupin: "Lupine",
    molluscs: "Weekdieren",
  },
  dietary: {
    vegan: "Veganistisch",
    vegetarian: "Vegetarisch",
    gluten_free: "Glutenvrij",
    alcohol_free: "Alcoholvrij",
    low_alcohol: "Alcoholarm",
  },
  lowerInSentence: true,
  contains: (list) => `Bevat: ${list}`,
  kcal: "kcal",
  cask: "cask",
  nitro: "nitro",
  tap: "Tap",
  statement: {
    uk: "Volwassenen hebben ongeveer 2000 kcal per dag nodig.",
    us: "2000 calorieën per dag geldt als algemeen voedingsadvies, maar de behoefte verschilt.",
  },
  language_switch: "Taal",
  menus: "Kaarten",
  menu_title: (venue) => `${venue} — kaart`,
  no_menu: "Er is nu geen kaart gepubliceerd.",
  empty_menu: "Er staat nu niets op deze kaart.",
  filter: "Filteren op allergeen of dieet",
  hide_containing: "Verberg wat bevat",
  show_only: "Toon alleen wat is",
  apply_filter: "Filter toepassen",
  clear_filter: "Filter wissen",
  without: (list) => `zonder ${list}`,
  only: (tag) => `alleen ${tag}`,
  showing: (what) => `Getoond: ${what}. Zonder opgegeven allergenen wordt alles getoond: vraag het bij twijfel aan het personeel.`,
  opening_hours: "Openingstijden",
  today: "vandaag",
  special_dates: "Bijzondere dagen",
  closed: "Gesloten",
  open_all_day: "24 uur open",
  coming_up: "Binnenkort",
  more_about: (name) => `Meer over ${name}`,
  coming_soon: "Binnenkort op de tap",
  almost_gone: "Bijna op",
  continued: (title) => `${title} (vervolg)`,
  prices_of: (name) => `Prijzen van ${name}`,
  printed: (when) => `Gedrukt ${when}`,
  page_of: (page, pages) => `Pagina ${page} van ${pages}`,
  nothing_here: "Hier staat nu niets.",
  prices_in: (currency) => `Prijzen in ${currency}`,
  tomorrow: "morgen",
  open_closes: (when) => `Nu open — sluit ${when}`,
  open_always: "Nu open — 24 uur per dag",
  closed_opens: (when) => `Nu gesloten — opent ${when}`,
  closed_no_hours: "Nu gesloten — geen openingstijden ingesteld",
  closed_on_day: "gesloten",
  past_midnight: "tot na middernacht",
};

const it: GuestWords = {
  language: "it",
  allergens: {
    gluten: "Glutine",
    crustaceans: "Crostacei",
    eggs: "Uova",
    fish: "Pesce",
    peanuts: "Arachidi",
    soybeans: "Soia",
    milk: "Latte",
    nuts: "Frutta a guscio",
    celery: "Sedano",
    mustard: "Senape",
    sesame: "Sesamo",
    sulphites: "Solfiti",
    lupin: "Lupini",
    molluscs: "Molluschi",
  },
  dietary: {
    vegan: "Vegano",
    vegetarian: "Vegetariano",
    gluten_free: "Senza glutine",
    alcohol_free: "Analcolico",
    low_alcohol: "Bassa gradazione",
  },
  lowerInSentence: true,
  contains: (list) => `Contiene: ${list}`,
  kcal: "kcal",
  cask: "botte",
  nitro: "nitro",
  tap: "Spina",
  statement: {
    uk: "Un adulto ha bisogno di circa 2000 kcal al giorno.",
    us: "2000 calorie al giorno sono un riferimento nutrizionale generale, ma il fabbisogno varia.",
  },
  language_switch: "Lingua",
  menus: "Menù",
  menu_title: (venue) => `${venue} — menù`,
  no_menu: "Al momento non c’è nessun menù pubblicato.",
  empty_menu: "Al momento questo menù è vuoto.",
  filter: "Filtra per allergene o dieta",
  hide_containing: "Nascondi ciò che contiene",
  show_only: "Mostra solo ciò che è",
  apply_filter: "Applica filtro",
  clear_filter: "Togli filtro",
  without: (list) => `senza ${list}`,
  only: (tag) => `solo ${tag}`,
  showing: (what) => `Mostrati: ${what}. I prodotti senza allergeni indicati sono mostrati: in caso di dubbio chiedete al personale.`,
  opening_hours: "Orari di apertura",
  today: "oggi",
  special_dates: "Date particolari",
  closed: "Chiuso",
  open_all_day: "Aperto 24 ore",
  coming_up: "Prossimamente",
  more_about: (name) => `Di più su ${name}`,
  coming_soon: "Presto alla spina",
  almost_gone: "Quasi finito",
  continued: (title) => `${title} (continua)`,
  prices_of: (name) => `Prezzi di ${name}`,
  printed: (when) => `Stampato il ${when}`,
  page_of: (page, pages) => `Pagina ${page} di ${pages}`,
  nothing_here: "Niente qui al momento.",
  prices_in: (currency) => `Prezzi in ${currency}`,
  tomorrow: "domani",
  open_closes: (when) => `Aperto ora — chiude ${when}`,
  open_always: "Aperto ora — 24 ore su 24",
  closed_opens: (when) => `Chiuso ora — apre ${when}`,
  closed_no_hours: "Chiuso ora — nessun orario indicato",
  closed_on_day: "chiuso",
  past_midnight: "oltre la mezzanotte",
};

const CATALOGUE: Record<string, GuestWords> = { en, de, fr, es, nl, it };

/** The languages the guest surfaces' own words are written in. */
export const GUEST_WORD_LANGUAGES = Object.keys(CATALOGUE);

/** The words for a page in `language` (a BCP 47 tag): its primary language's (`de-AT` → `de`), else English. */
export function guestWords(language: string | null | undefined): GuestWords {
  const primary = (language ?? "en").split("-")[0]!.toLowerCase();
  return CATALOGUE[primary] ?? en;
}

/** Whether a page in `language` reads its own words in that language (else they are English, marked so). */
export const wordsSpeak = (words: GuestWords, language: string) => language.split("-")[0]!.toLowerCase() === words.language;

/** "Contains: Gluten, Milk" in the words' language, or null when none is declared. */
export const containsLine = (words: GuestWords, allergens: readonly Allergen[]) =>
  allergens.length > 0 ? words.contains(allergens.map((allergen) => words.allergens[allergen]).join(", ")) : null;

/** The labelling rule's statement (uk, us) in the words' language; null when the rule has none. */
export const statementOf = (words: GuestWords, labelling: Labelling) =>
  labelling === "uk" || labelling === "us" ? words.statement[labelling] : null;

/** A weekday's name in `language` (`monday` → "Montag"), from the platform's locale data. */
export function weekdayName(day: string, language: string): string {
  const index = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].indexOf(day);
  if (index < 0) return day;
  // 2024-01-01 was a Monday.
  const name = new Intl.DateTimeFormat(language, { weekday: "long", timeZone: "UTC" }).format(Date.UTC(2024, 0, 1 + index));
  return `${name.charAt(0).toLocaleUpperCase(language)}${name.slice(1)}`;
}
