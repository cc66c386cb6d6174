"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { customMenuQueries, type CustomMenu } from "@/lib/client/queries/custom-menus";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { CustomMenuTree } from "./custom-menu-tree";
import { useSetCustomMenuPublished } from "./use-custom-menu-actions";
import styles from "./custom-menus.module.css";

/** A custom menu with the menu that replaced it (migration sets that menu's legacy_menu_id), if any. */
export type CustomMenuEntry = CustomMenu & { migratedTo: { id: number; name: string } | null };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One custom menu: state and size at a glance, its contents on demand, publish while not migrated. */
export function CustomMenuRow({ menu, locationId, currency }: { menu: CustomMenuEntry; locationId: number; currency: string | undefined }) {
  const contentsId = useId();
  const [open, setOpen] = useState(false);
  const tree = useQuery(customMenuQueries.tree(menu.id));
  const publish = useSetCustomMenuPublished(locationId);
  const sections = tree.data?.custom_sections;
  const itemCount = sections?.reduce((sum, section) => sum + section.custom_items.length, 0) ?? 0;

  return (
    <li className={styles.row}>
      <div className={styles.rowHead}>
        <button type="button" className={styles.expand} aria-expanded={open} aria-controls={contentsId} onClick={() => setOpen(!open)}>
          <span className={styles.chevron} aria-hidden="true">
            ▸
          </span>
          <span className={styles.rowName}>{menu.name}</span>
        </button>
        <span className={menu.unpublished ? "badge" : "badge badge--ok"}>{menu.unpublished ? "Draft" : "Published"}</span>
        <span className={styles.counts}>
          {sections
            ? `${plural(sections.length, "section", "sections")} · ${plural(itemCount, "item", "items")}`
            : tree.isError
              ? ""
              : "Counting…"}
        </span>
        <span className={styles.rowAction}>
          {menu.migratedTo ? (
            <span className={styles.migratedTo}>Now the menu “{menu.migratedTo.name}”</span>
          ) : (
            <button
              type="button"
              className="btn btn--small"
              disabled={publish.isPending}
              onClick={() => publish.mutate({ id: menu.id, publish: menu.unpublished })}
            >
              {publish.isPending ? "Saving…" : menu.unpublished ? "Publish" : "Unpublish"}
              <span className="visually-hidden"> {menu.name}</span>
            </button>
          )}
        </span>
      </div>
      <div id={contentsId} hidden={!open} className={styles.contents}>
        {open &&
          (tree.isPending ? (
            <Skeleton lines={2} height="2.5rem" label={`Loading ${menu.name}`} />
          ) : tree.isError ? (
            <ErrorState message={`${menu.name} could not be loaded: ${problemMessage(tree.error)}`} onRetry={() => void tree.refetch()} />
          ) : (
            <CustomMenuTree tree={tree.data} currency={currency} />
          ))}
      </div>
    </li>
  );
}
