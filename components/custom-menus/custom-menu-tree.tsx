import type { CustomMenuTree as Tree } from "@/lib/client/queries/custom-menus";
import { formatPrice } from "@/lib/shared/format-price";
import styles from "./custom-menus.module.css";

/** A custom menu's sections and items, read-only (changes belong in the menus it migrates to). */
export function CustomMenuTree({ tree, currency }: { tree: Tree; currency: string | undefined }) {
  if (tree.custom_sections.length === 0) return <p className={styles.muted}>This custom menu has no sections.</p>;
  return (
    <div className={styles.tree}>
      {tree.description && <p className={styles.muted}>{tree.description}</p>}
      {tree.custom_sections.map((section) => (
        <section key={section.id} className={styles.treeSection} aria-label={section.name || "Untitled section"}>
          <h4 className={styles.treeSectionName}>{section.name || "Untitled section"}</h4>
          {section.description && <p className={styles.muted}>{section.description}</p>}
          {section.custom_items.length === 0 ? (
            <p className={styles.muted}>No items.</p>
          ) : (
            <ul className={styles.treeItems}>
              {section.custom_items.map((item) => (
                <li key={item.id} className={styles.treeItem}>
                  <div>
                    <span className={styles.treeItemName}>{item.name || "Unnamed item"}</span> <span className="badge">{item.type}</span>
                    {item.description && <p className={styles.muted}>{item.description}</p>}
                  </div>
                  {item.custom_containers.length > 0 && (
                    <ul className={styles.prices} aria-label={`Prices of ${item.name || "this item"}`}>
                      {item.custom_containers.map((container) => (
                        <li key={container.id}>
                          {container.name && <span className={styles.muted}>{container.name} </span>}
                          {formatPrice(container.price, currency)}
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
      {tree.footer && <p className={styles.muted}>{tree.footer}</p>}
    </div>
  );
}
