import type { CSSProperties } from "react";
import { type Labelling, labellingRule } from "@/lib/shared/labels";
import { containsLine, type GuestWords } from "@/lib/shared/guest-words";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import type { DisplayFields, DisplayLayout } from "@/lib/menus/schemas/preview";
import { formatPrice } from "@/lib/shared/format-price";
import { breweryPlace } from "./brewery-place";
import { type PriceColumn, priceKey, priceLabel } from "./price-columns";
import styles from "./menu-preview.module.css";

type Item = MenuTreeResponse["sections"][number]["items"][number];

/** How the board shows each beer: its layout and fields (the link's options), and the venue's country and currency. */
export type ItemLook = {
  layout: DisplayLayout;
  fields: DisplayFields;
  currency: string;
  country: string | null;
  /** The items whose keg is low (the preview's `almost_gone`), told "Almost gone" when the board shows it. */
  low?: readonly number[];
  /** The location's labelling rule (venue-operations §13): what the board must show; absent: none. */
  labelling?: Labelling;
  /** The board's own words (decision 100), and `lang` for them when they are not in the board's language. */
  words: GuestWords;
  ownLang?: string;
};

/**
 * Only http(s) labels or a path on the app's own origin (the sandbox's, /sandbox/labels/…), written as a
 * CSS string: a venue sets label_image freely through the API.
 */
function labelStyle(src: string | null): CSSProperties | undefined {
  if (!src) return undefined;
  try {
    const sameOrigin = src.startsWith("/") && !src.startsWith("//");
    const url = new URL(src, "http://app.invalid");
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    const href = sameOrigin ? `${url.pathname}${url.search}` : url.href;
    return { backgroundImage: `url(${JSON.stringify(href)})` };
  } catch {
    return undefined;
  }
}

/**
 * One item as guests see it. The label is a background over the item's initial: without JavaScript a
 * label that fails to load (an unreachable host) leaves the initial instead of a broken-image icon.
 * The full layout puts the name and the style beside the prices, the brewery and the description under
 * them; the compact one puts tap, name, style, ABV and prices on one line. Either way the brewery and
 * its place are quieter than the beer. Name, style, brewery, description, prices: the order read aloud.
 */
export function PreviewItem({ item, look, columns }: { item: Item; look: ItemLook; columns: PriceColumn[] | null }) {
  const { layout, fields } = look;
  const compact = layout === "compact";
  const maker = fields.brewery_place ? [item.brewery, breweryPlace(item.brewery_location, look.country)].filter(Boolean).join(" · ") : "";
  const abv = item.abv !== null ? (compact ? `${item.abv}%` : `${item.abv}% ABV`) : null;
  const ibu = !compact && Number(item.ibu) > 0 ? `${Number(item.ibu)} IBU` : null;
  const facts = [item.style, abv, ibu].filter(Boolean);
  const { words, ownLang } = look;
  const capital = (word: string) => `${word.charAt(0).toLocaleUpperCase(words.language)}${word.slice(1)}`;
  const serves = [item.cask ? capital(words.cask) : null, item.nitro ? capital(words.nitro) : null].filter((word) => word !== null);
  const description = fields.description ? item.description : null;
  const rule = labellingRule(look.labelling ?? "none");
  // In words: the rule asks allergens of every board under eu and uk; dietary tags show wherever set.
  const allergens = rule.allergens ? containsLine(words, item.allergens) : null;
  const dietary = item.dietary.map((tag) => words.dietary[tag]);
  const factsLine = (facts.length > 0 || serves.length > 0 || dietary.length > 0) && (
    <p className={styles.facts}>
      {facts.join(" · ")}
      {[...serves, ...dietary].map((serve) => (
        <span key={serve} className={styles.tag} lang={ownLang}>
          {serve}
        </span>
      ))}
    </p>
  );
  const makerLine = maker && <p className={styles.maker}>{maker}</p>;
  const classes = [styles.item, compact ? styles.compact : null, fields.labels ? styles.withLabel : null, columns ? styles.tabled : null]
    .filter(Boolean)
    .join(" ");
  // Under the section's size columns (a TV), each amount goes to its size's column; the size is still
  // said with it (read aloud, and shown on a phone).
  const column = (key: string) => ({ "--pv-price-column": (columns?.findIndex((entry) => entry.key === key) ?? 0) + 1 }) as CSSProperties;
  return (
    <li className={classes} data-item="">
      {fields.labels && (
        <span className={styles.label} style={labelStyle(item.label_image_hd ?? item.label_image)} aria-hidden="true">
          <span className={styles.initial}>{item.name.trim().charAt(0).toUpperCase()}</span>
        </span>
      )}
      <h3 className={styles.itemName}>
        {item.tap_number && (
          <span className={styles.tap}>
            <span className="visually-hidden" lang={ownLang}>
              {words.tap}{" "}
            </span>
            <span aria-hidden="true">#</span>
            {item.tap_number}
          </span>
        )}
        {item.name}
        {fields.almost_gone && look.low?.includes(item.id) && (
          <span className={styles.almostGone} lang={ownLang}>
            {words.almost_gone}
          </span>
        )}
      </h3>
      {compact ? (
        (factsLine || makerLine) && (
          <div className={styles.details}>
            {factsLine}
            {makerLine}
          </div>
        )
      ) : (
        <>
          {factsLine}
          {makerLine}
        </>
      )}
      {allergens && (
        <p className={styles.allergens} lang={ownLang}>
          {allergens}
        </p>
      )}
      {description && <p className={styles.itemDescription}>{description}</p>}
      {item.containers.length > 0 && (
        <ul
          className={styles.prices}
          aria-label={words.prices_of(item.name)}
          style={columns ? ({ "--pv-price-columns": columns.length } as CSSProperties) : undefined}
        >
          {item.containers.map((container) => (
            <li key={container.id} className={styles.price} style={columns ? column(priceKey(container)) : undefined}>
              <span className={styles.size}>{priceLabel(container)}</span>
              <span className={styles.amount}>{formatPrice(container.price, look.currency)}</span>
              {rule.calories && container.calories !== null && (
                <span className={styles.kcal} lang={ownLang}>
                  {container.calories} {words.kcal}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
