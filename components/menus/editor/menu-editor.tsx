"use client";

import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import type { Role } from "@/lib/auth/permissions";
import { menuQueries } from "@/lib/client/queries/menus";
import { BoardPermissionsContext, permissionsFor } from "./editor-permissions";
import { EditorSkeleton } from "./editor-skeleton";
import { OnceOpened } from "@/components/ui/once-opened";
import { CustomMenusPanel, MenuFormDialog } from "./lazy-dialogs";
import { MenuPanel } from "./menu-panel";
import { MenusList } from "./menus-list";
import { useLiveMenus } from "./use-live-menus";
import styles from "./menu-editor.module.css";

/**
 * The menu editor of one location: the menus (ordered) beside the selected menu. The selection is kept
 * in the address (?menu=ID) so a reload or a shared link opens the same menu.
 */
export function MenuEditor({
  locationId,
  currencySymbol,
  initialMenuId,
  role,
}: {
  locationId: number;
  currencySymbol: string;
  initialMenuId: number | null;
  /** The signed-in person's role: the board shows only the controls it allows. */
  role: Role;
}) {
  const permissions = useMemo(() => permissionsFor(role), [role]);
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

  if (menus.isPending) return <EditorSkeleton />;
  if (menus.isError)
    return <ErrorState message={`The menus could not be loaded: ${problemMessage(menus.error)}`} onRetry={() => menus.refetch()} />;

  const list = menus.data;
  const selected = list.find((menu) => menu.id === chosen) ?? list[0] ?? null;

  return (
    <BoardPermissionsContext.Provider value={permissions}>
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
        ) : permissions.edit ? (
          <EmptyState title="Create your first menu">
            <p>
              A menu holds sections of beers (and anything else you pour or serve) with their sizes and prices. Guests see it once you
              publish it.
            </p>
            <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
              Create your first menu
            </button>
          </EmptyState>
        ) : (
          <EmptyState title="No menus yet">
            <p>A manager or owner of this location creates the menus; they appear here as soon as there is one.</p>
          </EmptyState>
        )}
      </div>
      <div className={styles.legacy}>
        <CustomMenusPanel locationId={locationId} canMigrate={permissions.edit} />
      </div>
      {permissions.edit && (
        <OnceOpened open={creating}>
          <MenuFormDialog
            open={creating}
            onClose={() => setCreating(false)}
            locationId={locationId}
            onSaved={(menu) => {
              setCreating(false);
              select(menu.id);
            }}
          />
        </OnceOpened>
      )}
    </BoardPermissionsContext.Provider>
  );
}
