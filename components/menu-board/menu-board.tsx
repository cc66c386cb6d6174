"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CustomMenusPanel } from "@/components/custom-menus/custom-menus-panel";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { menuQueries } from "@/lib/client/queries/menus";
import { BoardSkeleton } from "./board-skeleton";
import { MenuFormDialog } from "./lazy-dialogs";
import { MenuPanel } from "./menu-panel";
import { MenusList } from "./menus-list";
import { useLiveMenus } from "./use-live-menus";
import styles from "./menu-board.module.css";

/**
 * The menu board of one location: the menus (ordered) beside the selected menu. The selection is kept
 * in the address (?menu=ID) so a reload or a shared link opens the same menu.
 */
export function MenuBoard({
  locationId,
  currencySymbol,
  initialMenuId,
}: {
  locationId: number;
  currencySymbol: string;
  initialMenuId: number | null;
}) {
  const menus = useQuery(menuQueries.list(locationId));
  useLiveMenus(locationId);
  const [chosen, setChosen] = useState<number | null>(initialMenuId);
  const [creating, setCreating] = useState(false);

  function select(id: number | null) {
    setChosen(id);
    const url = new URL(window.location.href);
    if (id === null) url.searchParams.delete("menu");
    else url.searchParams.set("menu", String(id));
    // Next's router follows history.replaceState without a server round trip.
    window.history.replaceState(null, "", url);
  }

  if (menus.isPending) return <BoardSkeleton />;
  if (menus.isError)
    return <ErrorState message={`The menus could not be loaded: ${problemMessage(menus.error)}`} onRetry={() => menus.refetch()} />;

  const list = menus.data;
  const selected = list.find((menu) => menu.id === chosen) ?? list[0] ?? null;

  return (
    <>
      <div className={styles.layout}>
        <div>
          <MenusList
            locationId={locationId}
            menus={list}
            selectedId={selected?.id ?? null}
            onSelect={select}
            onCreate={() => setCreating(true)}
          />
        </div>
        {selected ? (
          <MenuPanel
            key={selected.id}
            locationId={locationId}
            menu={selected}
            currencySymbol={currencySymbol}
            onDeleted={() => select(list.find((menu) => menu.id !== selected.id)?.id ?? null)}
          />
        ) : (
          <EmptyState title="Create your first menu">
            <p>
              A menu holds sections of beers (and anything else you pour or serve) with their sizes and prices. Guests see it once you
              publish it.
            </p>
            <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
              Create your first menu
            </button>
          </EmptyState>
        )}
      </div>
      <div className={styles.legacy}>
        <CustomMenusPanel locationId={locationId} />
      </div>
      <MenuFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        locationId={locationId}
        onSaved={(menu) => {
          setCreating(false);
          select(menu.id);
        }}
      />
    </>
  );
}
