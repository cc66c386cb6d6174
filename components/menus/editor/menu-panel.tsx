"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { useVenueTime } from "@/lib/client/use-venue-time";
import { menuQueries, type MenuSummary, type MenuTree } from "@/lib/client/queries/menus";
import { HistoryDialog } from "@/components/menus/history/lazy-history";
import { OnceOpened } from "@/components/ui/once-opened";
import { CsvImportDialog } from "@/components/menus/csv/lazy-csv-import";
import { PrintDialog, ShareDialog } from "@/components/menus/share/lazy-dialogs";
import { locationQueries } from "@/lib/client/queries/locations";
import { ActionsMenu } from "./actions-menu";
import { OpenDialogContext, useOpenDialog, type BoardDialog } from "./editor-dialogs";
import { useBoardPermissions } from "./editor-permissions";
import { TreeSkeleton } from "./editor-skeleton";
import { BoardLocation } from "./eighty-six-control";
import { DisplayLinkDialog, MenuFormDialog, PublishDialog, TranslationsDialog, TreeDialogs } from "./lazy-dialogs";
import { MenuSections } from "./menu-sections";
import { ScheduleBadge, ScheduleSummary } from "./schedule-badge";
import { useMenuMutations } from "./use-menu-mutations";
import styles from "./menu-panel.module.css";

/** The selected menu: its header (publish, preview, edit, history, delete) and the whole tree from one query. */
export function MenuPanel({
  locationId,
  menu,
  currencySymbol,
  onDeleted,
}: {
  locationId: number;
  menu: MenuSummary;
  currencySymbol: string;
  onDeleted: () => void;
}) {
  const tree = useQuery(menuQueries.tree(menu.id));
  const venue = useVenueTime(locationId);
  const { edit } = useBoardPermissions();
  const [dialog, setDialog] = useState<BoardDialog | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [csvOpen, setCsvOpen] = useState(false);
  const [translationsOpen, setTranslationsOpen] = useState(false);
  const [shown, setShown] = useState<"print" | "share" | null>(null);
  const location = useQuery(locationQueries.detail(locationId));
  const close = () => setDialog(null);

  return (
    <OpenDialogContext.Provider value={setDialog}>
      <BoardLocation locationId={locationId}>
        <section className={styles.panel} aria-labelledby="selected-menu-title">
          <MenuHeader
            locationId={locationId}
            menu={menu}
            live={tree.data}
            onHistory={() => setHistoryOpen(true)}
            onImport={() => setCsvOpen(true)}
            onTranslations={() => setTranslationsOpen(true)}
            onPrint={() => setShown("print")}
            onShare={() => setShown("share")}
          />
          {tree.isPending ? (
            <TreeSkeleton />
          ) : tree.isError ? (
            <ErrorState message={`${menu.name} could not be loaded: ${problemMessage(tree.error)}`} onRetry={() => tree.refetch()} />
          ) : (
            <MenuBody tree={tree.data} />
          )}
        </section>
        <OnceOpened open={historyOpen}>
          <HistoryDialog
            open={historyOpen}
            onClose={() => setHistoryOpen(false)}
            menuId={menu.id}
            menuName={menu.name}
            canRestore={edit}
            venue={venue}
          />
        </OnceOpened>
      </BoardLocation>
      {shown === "print" && (
        <PrintDialog open onClose={() => setShown(null)} menuId={menu.id} menuName={menu.name} country={location.data?.country ?? null} />
      )}
      {shown === "share" && (
        <ShareDialog
          open
          onClose={() => setShown(null)}
          menuId={menu.id}
          menuName={menu.name}
          published={!menu.unpublished}
          locationId={locationId}
          embedOrigins={location.data?.embed_origins ?? []}
        />
      )}
      {edit && tree.data && (
        <OnceOpened open={translationsOpen}>
          <TranslationsDialog
            open={translationsOpen}
            onClose={() => setTranslationsOpen(false)}
            tree={tree.data}
            languages={location.data?.languages ?? ["en"]}
          />
        </OnceOpened>
      )}
      {edit && (
        <OnceOpened open={csvOpen}>
          <CsvImportDialog open={csvOpen} onClose={() => setCsvOpen(false)} menuId={menu.id} menuName={menu.name} />
        </OnceOpened>
      )}
      <OnceOpened open={dialog?.kind === "board-link"}>
        <DisplayLinkDialog open={dialog?.kind === "board-link"} onClose={close} menu={menu} />
      </OnceOpened>
      {edit && (
        <OnceOpened open={dialog?.kind === "menu-edit"}>
          <MenuFormDialog open={dialog?.kind === "menu-edit"} onClose={close} locationId={locationId} menu={menu} onSaved={close} />
        </OnceOpened>
      )}
      {edit && tree.data && (
        <OnceOpened open={dialog !== null && dialog.kind !== "board-link" && dialog.kind !== "menu-edit"}>
          <TreeDialogs
            tree={tree.data}
            dialog={dialog}
            close={close}
            locationId={locationId}
            currencySymbol={currencySymbol}
            onMenuDeleted={onDeleted}
          />
        </OnceOpened>
      )}
    </OpenDialogContext.Provider>
  );
}

function MenuHeader({
  locationId,
  menu,
  live,
  onHistory,
  onImport,
  onTranslations,
  onPrint,
  onShare,
}: {
  locationId: number;
  menu: MenuSummary;
  /** The tree as the editor reads it: whether a scheduled menu is on now. */
  live: MenuTree | undefined;
  onHistory: () => void;
  onImport: () => void;
  onTranslations: () => void;
  onPrint: () => void;
  onShare: () => void;
}) {
  const { publish } = useMenuMutations(locationId);
  const open = useOpenDialog();
  const may = useBoardPermissions();
  const published = !menu.unpublished;
  // The state asked for, kept while the dialog is open: a live update of the menu does not turn a
  // "Publish?" into an "Unpublish?" under the person's finger.
  const [asking, setAsking] = useState<{ publish: boolean } | null>(null);
  return (
    <header className={styles.header}>
      <div className={styles.titles}>
        <div className={styles.titleLine}>
          <h2 id="selected-menu-title" className={styles.title}>
            {menu.name}
          </h2>
          <span className={published ? "badge badge--ok" : "badge"}>{published ? "Published" : "Draft"}</span>
          <ScheduleBadge thing={{ schedule: menu.schedule, available_now: live?.available_now, next_change_at: live?.next_change_at }} />
        </div>
        {menu.description && <p className={styles.description}>{menu.description}</p>}
        {menu.schedule && (
          <p className={styles.description}>
            <ScheduleSummary thing={menu} before="Guests see it " />
          </p>
        )}
      </div>
      <div className={styles.tools}>
        {may.publish && (
          <button
            type="button"
            className={styles.switch}
            aria-pressed={published}
            disabled={publish.isPending}
            onClick={() => setAsking({ publish: !published })}
          >
            <span className={styles.track} aria-hidden>
              <span className={styles.thumb} />
            </span>
            Published
          </button>
        )}
        <a className="btn btn--small" href={`/preview/menus/${menu.id}`} target="_blank" rel="noopener">
          Preview<span className="visually-hidden"> {menu.name} (opens in a new tab)</span>
          <span aria-hidden className={styles.external}>
            ↗
          </span>
        </a>
        <button type="button" className="btn btn--small" onClick={() => open({ kind: "board-link" })}>
          TV board<span className="visually-hidden">: layout and link for {menu.name}</span>
        </button>
        {may.edit && (
          <button type="button" className="btn btn--small" onClick={() => open({ kind: "menu-edit" })}>
            Edit<span className="visually-hidden"> {menu.name}</span>
          </button>
        )}
        <button type="button" className="btn btn--small" onClick={onPrint}>
          Print<span className="visually-hidden"> {menu.name}</span>
        </button>
        <button type="button" className="btn btn--small" onClick={onShare}>
          Share<span className="visually-hidden"> the phone menu, QR code and website snippet of {menu.name}</span>
        </button>
        <button type="button" className="btn btn--small" onClick={onHistory}>
          History<span className="visually-hidden"> of {menu.name}</span>
        </button>
        <a className="btn btn--small" href={`/api/v1/menus/${menu.id}/export.csv`} download>
          Export CSV<span className="visually-hidden"> of {menu.name}</span>
        </a>
        {may.edit && (
          <ActionsMenu
            label={`More actions for ${menu.name}`}
            actions={[
              { label: "Import CSV…", run: onImport },
              { label: "Translations…", run: onTranslations },
              { label: "Happy hour prices…", run: () => open({ kind: "happy-hours", sectionId: null }) },
              { label: "Delete menu", run: () => open({ kind: "menu-delete" }), danger: true },
            ]}
          />
        )}
      </div>
      {may.publish && (
        <OnceOpened open={asking !== null}>
          <PublishDialog
            open={asking !== null}
            onClose={() => setAsking(null)}
            locationId={locationId}
            menu={menu}
            publish={asking?.publish ?? true}
            onConfirm={() => asking && publish.mutate({ menu, publish: asking.publish })}
          />
        </OnceOpened>
      )}
    </header>
  );
}

function MenuBody({ tree }: { tree: MenuTree }) {
  const open = useOpenDialog();
  const { edit } = useBoardPermissions();
  return (
    <div className={styles.body}>
      {tree.sections.length === 0 &&
        (edit ? (
          <EmptyState title="This menu has no sections yet">
            <p className={styles.emptyText}>
              Sections group the menu, e.g. “On Tap” and “Cans &amp; Bottles”. Add one, then add beers to it.
            </p>
            <button type="button" className="btn btn--primary" onClick={() => open({ kind: "section-new" })}>
              Add a section
            </button>
          </EmptyState>
        ) : (
          <EmptyState title="This menu has no sections yet">
            <p className={styles.emptyText}>A manager or owner adds its sections and beers; they appear here as they do.</p>
          </EmptyState>
        ))}
      <MenuSections
        tree={tree}
        afterSections={
          edit &&
          tree.sections.length > 0 && (
            <button type="button" className={`btn ${styles.addSection}`} onClick={() => open({ kind: "section-new" })}>
              + Add section
            </button>
          )
        }
      />
      {tree.footer && <p className={styles.footer}>Footer: {tree.footer}</p>}
    </div>
  );
}
