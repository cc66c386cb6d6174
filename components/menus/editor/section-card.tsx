"use client";

import { useDroppable } from "@dnd-kit/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useId } from "react";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { type Item, menuQueries, type Section } from "@/lib/client/queries/menus";
import { ActionsMenu } from "./actions-menu";
import { useOpenDialog } from "./editor-dialogs";
import { useBoardPermissions } from "./editor-permissions";
import { plural } from "./format";
import { ItemRow, itemKey } from "./item-row";
import { DragHandle } from "./sortable-kit";
import { ScheduleBadge, ScheduleSummary } from "./schedule-badge";
import { sectionLabel, tapsOutOfOrder } from "./tree-ops";
import styles from "./section-card.module.css";

export const sectionKey = (id: number) => `s:${id}`;
export const listKey = (sectionId: number) => `l:${sectionId}`;

export type DragKind = "section" | "item" | null;

type Props = { section: Section; items: Item[]; dragging: DragKind };

/** A regular section: sortable among the menu's sections, holding its sortable items (for those who may edit). */
export function SectionCard({ section, items, dragging }: Props) {
  const open = useOpenDialog();
  const { edit } = useBoardPermissions();
  const name = sectionLabel(section);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: sectionKey(section.id),
    data: { type: "section", sectionId: section.id },
    disabled: { draggable: !edit, droppable: dragging === "item" },
  });
  const headingId = useId();
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={isDragging ? `${styles.card} ${styles.placeholder}` : styles.card}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <header className={styles.head}>
        {edit && <DragHandle label={`Reorder ${name}`} setRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />}
        <div className={edit ? styles.titles : `${styles.titles} ${styles.titlesFixed}`}>
          <h3 id={headingId} className={styles.title}>
            {name} <ScheduleBadge thing={section} />
          </h3>
          <p className={styles.meta}>
            {plural(items.length, "item")}
            {!section.public && " · hidden from guests"}
            <ScheduleSummary thing={section} />
            {section.description && ` · ${section.description}`}
          </p>
          {edit && <RenumberTaps section={section} items={items} name={name} />}
        </div>
        {edit && (
          <div className={styles.actions}>
            <button type="button" className="btn btn--small" onClick={() => open({ kind: "item-add", sectionId: section.id })}>
              Add beer<span className="visually-hidden"> to {name}</span>
            </button>
            <ActionsMenu
              label={`Actions for section ${name}`}
              actions={[
                { label: "Edit section", run: () => open({ kind: "section-edit", section }) },
                { label: "Happy hour prices…", run: () => open({ kind: "happy-hours", sectionId: section.id }) },
                { label: "Delete section", run: () => open({ kind: "section-delete", section }), danger: true },
              ]}
            />
          </div>
        )}
      </header>
      <ItemList section={section} items={items} dragging={dragging} name={name} />
    </section>
  );
}

/** One click that numbers the taps in their order again, shown when they no longer follow it. */
function RenumberTaps({ section, items, name }: { section: Section; items: Item[]; name: string }) {
  const client = useQueryClient();
  const notify = useToast();
  const renumber = useMutation({
    mutationFn: () => apiFetch(`/api/v1/sections/${section.id}/items/tap_numbers`, { method: "POST", body: {} }),
    onSuccess: () => notify(`Taps in ${name} numbered 1–${items.length} in this order.`),
    onError: (error) => notify(`The taps were not renumbered: ${problemMessage(error)}`, { tone: "error" }),
    onSettled: () => client.invalidateQueries({ queryKey: menuQueries.tree(section.menu_id).queryKey }),
  });
  if (!tapsOutOfOrder(items)) return null;
  return (
    <p className={styles.taps}>
      <span>Tap numbers do not follow this order.</span>
      <button type="button" className="btn btn--small" disabled={renumber.isPending} onClick={() => renumber.mutate()}>
        Number taps 1–{items.length} in this order<span className="visually-hidden"> in {name}</span>
      </button>
    </p>
  );
}

/** The on-deck section: beers announced as coming soon, kept apart from the menu's sections. */
export function OnDeckCard({ section, items, dragging }: Props) {
  const open = useOpenDialog();
  const { edit } = useBoardPermissions();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={`${styles.card} ${styles.onDeck}`}>
      <header className={styles.head}>
        <div className={edit ? styles.titles : `${styles.titles} ${styles.titlesFixed}`}>
          <h3 id={headingId} className={styles.title}>
            On deck: coming soon
          </h3>
          <p className={styles.meta}>{plural(items.length, "item")} · announced as coming soon, not listed on the menu</p>
        </div>
        {edit && (
          <div className={styles.actions}>
            <button type="button" className="btn btn--small" onClick={() => open({ kind: "item-add", sectionId: section.id })}>
              Add beer<span className="visually-hidden"> to On deck</span>
            </button>
          </div>
        )}
      </header>
      <ItemList section={section} items={items} dragging={dragging} name="On deck" />
    </section>
  );
}

function ItemList({ section, items, dragging, name }: Props & { name: string }) {
  const open = useOpenDialog();
  const { edit } = useBoardPermissions();
  // The list itself is a drop target too, so an item can land in an empty section.
  const { setNodeRef, isOver } = useDroppable({
    id: listKey(section.id),
    data: { type: "list", sectionId: section.id },
    disabled: dragging !== "item",
  });
  return (
    <SortableContext id={listKey(section.id)} items={items.map((item) => itemKey(item.id))} strategy={verticalListSortingStrategy}>
      <ol ref={setNodeRef} className={isOver ? `${styles.items} ${styles.over}` : styles.items} aria-label={`Items in ${name}`}>
        {items.map((item) => (
          <ItemRow key={item.id} item={item} sectionId={section.id} dropDisabled={dragging === "section"} />
        ))}
        {items.length === 0 && (
          <li className={styles.empty}>
            {edit ? (
              <>
                <span>No items yet — add a beer</span>
                <button type="button" className="btn btn--small" onClick={() => open({ kind: "item-add", sectionId: section.id })}>
                  Add beer<span className="visually-hidden"> to {name}</span>
                </button>
              </>
            ) : (
              <span>No items yet</span>
            )}
          </li>
        )}
      </ol>
    </SortableContext>
  );
}

/** What follows the pointer while a section is dragged. */
export function SectionOverlay({ section, count }: { section: Section; count: number }) {
  return (
    <div className={`${styles.card} ${styles.overlay}`}>
      <header className={styles.head}>
        <span className={styles.grip} aria-hidden />
        <div className={styles.titles}>
          <p className={styles.title}>{sectionLabel(section)}</p>
          <p className={styles.meta}>{plural(count, "item")}</p>
        </div>
      </header>
    </div>
  );
}
