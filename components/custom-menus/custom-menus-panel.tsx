"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/dialog";
import { ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { customMenuQueries } from "@/lib/client/queries/custom-menus";
import { locationQueries } from "@/lib/client/queries/locations";
import { menuQueries } from "@/lib/client/queries/menus";
import { CustomMenuRow, type CustomMenuEntry } from "./custom-menu-row";
import { useMigrateCustomMenus } from "./use-custom-menu-actions";
import styles from "./custom-menus.module.css";

const count = (n: number) => `${n} custom ${n === 1 ? "menu" : "menus"}`;

/**
 * The location's legacy (deprecated) custom menus, read-only, and the one-way migration that turns
 * them into regular menus. A location without any shows nothing: there is nothing to do there.
 */
export function CustomMenusPanel({ locationId, canMigrate }: { locationId: number; canMigrate: boolean }) {
  const headingId = useId();
  const customMenus = useQuery(customMenuQueries.list(locationId));
  // The board's own list (same query key): a menu whose legacy_menu_id names a custom menu replaced it.
  const menus = useQuery(menuQueries.list(locationId));
  const currency = useQuery(locationQueries.detail(locationId)).data?.currency;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  const migrate = useMigrateCustomMenus(locationId, () => {
    setConfirming(false);
    // The "Migrate" button that opened the dialog goes away: keep keyboard focus in the panel.
    requestAnimationFrame(() => headingRef.current?.focus());
  });

  if (customMenus.isSuccess && customMenus.data.length === 0) return null;
  const entries: CustomMenuEntry[] | undefined =
    customMenus.data && menus.data
      ? customMenus.data.map((custom) => {
          const successor = menus.data.find((menu) => menu.legacy_menu_id === custom.id);
          return { ...custom, migratedTo: successor ? { id: successor.id, name: successor.name } : null };
        })
      : undefined;
  const failed = customMenus.isError ? customMenus : menus.isError ? menus : null;
  const pending = entries?.filter((menu) => !menu.migratedTo) ?? [];
  const allMigrated = entries !== undefined && pending.length === 0;

  const rows = (list: CustomMenuEntry[]) => (
    <ul className={styles.rows}>
      {list.map((menu) => (
        <CustomMenuRow key={menu.id} menu={menu} locationId={locationId} currency={currency} />
      ))}
    </ul>
  );

  return (
    <section className={`card ${styles.panel}`} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.title}>
          Custom menus <span className="badge">Deprecated</span>
        </h2>
        {canMigrate && pending.length > 0 && (
          <button type="button" className="btn btn--primary" onClick={() => setConfirming(true)}>
            Migrate to menus
          </button>
        )}
      </div>

      {failed ? (
        <ErrorState message={`Custom menus could not be loaded: ${problemMessage(failed.error)}`} onRetry={() => void failed.refetch()} />
      ) : !entries ? (
        <Skeleton lines={1} height="3rem" label="Loading custom menus" />
      ) : allMigrated ? (
        <details className={styles.migrated}>
          <summary>
            All custom menus were migrated to regular menus. Show the {entries.length === 1 ? "original" : `${entries.length} originals`}{" "}
            (read-only)
          </summary>
          {rows(entries)}
        </details>
      ) : (
        <>
          <p className={styles.explain}>
            {canMigrate
              ? "Custom menus are the old menu type and are being retired: migrating turns them into regular menus you can edit and reorder, and the originals stay here read-only."
              : "Custom menus are the old menu type and are being retired: a manager or owner can migrate them to regular menus."}
          </p>
          {rows(entries)}
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title="Migrate custom menus?"
        confirmLabel={`Migrate ${count(pending.length)}`}
        busy={migrate.isPending}
        onConfirm={() => migrate.mutate()}
        onClose={() => {
          setConfirming(false);
          migrate.reset();
        }}
        message={
          <>
            <p>
              {pending.map((menu) => `“${menu.name}”`).join(", ")} will become {pending.length === 1 ? "a regular menu" : "regular menus"}{" "}
              with the same sections, items and prices, published or draft as now.
            </p>
            <p>
              <strong>This can&apos;t be undone:</strong> afterwards this location&apos;s custom menus can no longer be changed, only
              viewed, and integrations still writing to them get an error.
            </p>
            {migrate.isError && (
              <p className={styles.error} role="alert">
                Nothing was migrated: {problemMessage(migrate.error)}
              </p>
            )}
          </>
        }
      />
    </section>
  );
}
