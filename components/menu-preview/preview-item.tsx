import type { CSSProperties } from "react";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import { formatPrice } from "@/lib/shared/format-price";
import styles from "./menu-preview.module.css";

type Item = MenuTreeResponse["sections"][number]["items"][number];

/** Only http(s) labels, written as a CSS string: a venue sets label_image freely through the API. */
function labelStyle(src: string | null): CSSProperties | undefined {
  if (!src) return undefined;
  try {
    const url = new URL(src);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    return { backgroundImage: `url(${JSON.stringify(url.href)})` };
  } catch {
    return undefined;
  }
}

/**
 * One item as guests see it. The label is a background over the item's initial: without JavaScript a
 * label that fails to load (an unreachable host) leaves the initial instead of a broken-image icon.
 */
export function PreviewItem({ item, currency }: { item: Item; currency: string }) {
  const maker = [item.brewery, item.brewery_location].filter(Boolean).join(" · ");
  const facts = [item.style, item.abv !== null ? `${item.abv}% ABV` : null, item.ibu !== null ? `${Number(item.ibu)} IBU` : null].filter(
    Boolean,
  );
  const serves = [item.cask ? "Cask" : null, item.nitro ? "Nitro" : null].filter(Boolean);
  return (
    <li className={styles.item}>
      <span className={styles.label} style={labelStyle(item.label_image_hd ?? item.label_image)} aria-hidden="true">
        <span className={styles.initial}>{item.name.trim().charAt(0).toUpperCase()}</span>
      </span>
      <div className={styles.itemBody}>
        <h3 className={styles.itemName}>
          {item.tap_number && (
            <span className={styles.tap}>
              <span className="visually-hidden">Tap </span>
              <span aria-hidden="true">#</span>
              {item.tap_number}
            </span>
          )}
          {item.name}
        </h3>
        {maker && <p className={styles.maker}>{maker}</p>}
        {(facts.length > 0 || serves.length > 0) && (
          <p className={styles.facts}>
            {facts.join(" · ")}
            {serves.map((serve) => (
              <span key={serve} className={styles.tag}>
                {serve}
              </span>
            ))}
          </p>
        )}
        {item.description && <p className={styles.itemDescription}>{item.description}</p>}
      </div>
      {item.containers.length > 0 && (
        <ul className={styles.prices} aria-label={`Prices of ${item.name}`}>
          {item.containers.map((container) => (
            <li key={container.id} className={styles.price}>
              <span className={styles.size}>{container.container_size?.name ?? container.name ?? "Serving"}</span>
              <span className={styles.amount}>{formatPrice(container.price, currency)}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
