"use client";

import { DndContext, closestCenter, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState } from "react";
import type { MenuSummary } from "@/lib/client/queries/menus";
import { OnceOpened } from "@/components/ui/once-opened";
import { useBoardPermissions } from "./editor-permissions";
import { PublishAllDialog } from "./lazy-dialogs";
import { DragHandle, SCREEN_READER_INSTRUCTIONS, useBoardSensors, useListAnnouncements } from "./sortable-kit";
import { useMenuMutations } from "./use-menu-mutations";
import styles from "./menus-list.module.css";

/**
 * The location's menus in their order: select one, drag to reorder (managers and owners). On a phone
 * the list folds into a select at the top and unfolds on demand for reordering.
 */
export function MenusList({
  locationId,
  menus,
  selectedId,
  onSelect,
  onCreate,
}: {
  locationId: number;
  menus: MenuSummary[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onCreate: () => void;
}) {
  const sensors = useBoardSensors();
  const { edit, publish } = useBoardPermissions();
  const { reorder, publishMenus } = useMenuMutations(locationId);
  const [unfolded, setUnfolded] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const ids = menus.map((menu) => menu.id);
  const nameOf = (id: unknown) => menus.find((menu) => menu.id === id)?.name ?? "The menu";
  const drafts = menus.filter((menu) => menu.unpublished).length;

  const announcements = useListAnnouncements(ids, nameOf, "the menus");

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const next = arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
    reorder.mutate({ ids: next, previousIds: ids });
  }

  return (
    <nav className={styles.panel} aria-labelledby="menus-list-title">
      <div className={styles.head}>
        <h2 id="menus-list-title" className={styles.title}>
          Menus <span className={styles.count}>{menus.length}</span>
        </h2>
        {edit && (
          <button type="button" className="btn btn--primary btn--small" onClick={onCreate}>
            New menu
          </button>
        )}
      </div>

      {menus.length > 0 && (
        <>
          <div className={styles.phonePicker}>
            <label className={styles.pickerLabel}>
              <span className="visually-hidden">Menu to edit</span>
              <select className="select" value={selectedId ?? ""} onChange={(event) => onSelect(Number(event.target.value))}>
                {menus.map((menu) => (
                  <option key={menu.id} value={menu.id}>
                    {menu.name} {menu.unpublished ? "(draft)" : ""}
                  </option>
                ))}
              </select>
            </label>
            {edit && menus.length > 1 && (
              <button
                type="button"
                className="btn btn--small"
                aria-expanded={unfolded}
                aria-controls="menus-list-items"
                onClick={() => setUnfolded(!unfolded)}
              >
                {unfolded ? "Done" : "Reorder"}
              </button>
            )}
          </div>

          <DndContext
            id="menus-list"
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
          >
            <SortableContext items={ids} strategy={verticalListSortingStrategy}>
              <ol id="menus-list-items" className={unfolded ? `${styles.list} ${styles.unfolded}` : styles.list}>
                {menus.map((menu) => (
                  <MenuRow key={menu.id} menu={menu} selected={menu.id === selectedId} sortable={edit} onSelect={() => onSelect(menu.id)} />
                ))}
              </ol>
            </SortableContext>
          </DndContext>

          {publish && (
            <div className={styles.foot}>
              <button
                type="button"
                className="btn btn--small"
                onClick={() => setConfirming(true)}
                disabled={drafts === 0 || publishMenus.isPending}
              >
                {publishMenus.isPending && publishMenus.variables.publish ? "Publishing…" : "Publish all"}
              </button>
              <span className={styles.hint}>{drafts === 0 ? "Every menu is published." : `${drafts} draft${drafts === 1 ? "" : "s"}`}</span>
              <OnceOpened open={confirming}>
                <PublishAllDialog
                  open={confirming}
                  onClose={() => setConfirming(false)}
                  locationId={locationId}
                  onConfirm={(confirmed) => publishMenus.mutate({ menus: confirmed, publish: true })}
                />
              </OnceOpened>
            </div>
          )}
        </>
      )}
    </nav>
  );
}

function MenuRow({
  menu,
  selected,
  sortable,
  onSelect,
}: {
  menu: MenuSummary;
  selected: boolean;
  sortable: boolean;
  onSelect: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: menu.id,
    disabled: !sortable,
  });
  return (
    <li
      ref={setNodeRef}
      className={`${styles.row} ${selected ? styles.selected : ""} ${isDragging ? styles.dragging : ""}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {sortable && <DragHandle label={`Reorder ${menu.name}`} setRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />}
      <button type="button" className={styles.pick} onClick={onSelect} aria-current={selected ? "true" : undefined}>
        <span className={styles.name}>{menu.name}</span>
        <span className={menu.unpublished ? "badge" : "badge badge--ok"}>{menu.unpublished ? "Draft" : "Published"}</span>
      </button>
    </li>
  );
}
