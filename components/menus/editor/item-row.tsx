"use client";

import { useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { Item } from "@/lib/client/queries/menus";
import { ActionsMenu } from "./actions-menu";
import { useOpenDialog } from "./editor-dialogs";
import { useBoardPermissions } from "./editor-permissions";
import { EightySixBadge, EightySixControl, useItemEightySix } from "./eighty-six-control";
import { containerLabel, hasOverrides, itemDetails } from "./format";
import { DragHandle } from "./sortable-kit";
import styles from "./item-row.module.css";

export const itemKey = (id: number) => `i:${id}`;

/**
 * One item: drag handle, name (opens the editor), details, sizes and prices, and its actions. Without
 * the right to edit: the name, details and prices as text, and the 86 control.
 */
export function ItemRow({ item, sectionId, dropDisabled }: { item: Item; sectionId: number; dropDisabled: boolean }) {
  const open = useOpenDialog();
  const may = useBoardPermissions();
  const { inForce: eightySixed } = useItemEightySix(item);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: itemKey(item.id),
    data: { type: "item", itemId: item.id, sectionId },
    disabled: { draggable: !may.edit, droppable: dropDisabled },
  });
  if (!may.edit) {
    return (
      <li ref={setNodeRef} className={[styles.row, styles.fixed, eightySixed && styles.eightySixed].filter(Boolean).join(" ")}>
        <ItemSummary item={item} />
        {may.eightySix && <EightySixControl item={item} />}
      </li>
    );
  }
  return (
    <li
      ref={setNodeRef}
      className={[styles.row, isDragging && styles.placeholder, eightySixed && styles.eightySixed].filter(Boolean).join(" ")}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <DragHandle label={`Reorder ${item.name}`} setRef={setActivatorNodeRef} attributes={attributes} listeners={listeners} />
      <ItemSummary
        item={item}
        onEdit={() => open({ kind: "item-edit", itemId: item.id })}
        onPrices={() => open({ kind: "item-containers", itemId: item.id })}
      />
      <EightySixControl item={item} />
      <ActionsMenu
        label={`Actions for ${item.name}`}
        actions={[
          { label: "Edit details", run: () => open({ kind: "item-edit", itemId: item.id }) },
          { label: "Sizes and prices", run: () => open({ kind: "item-containers", itemId: item.id }) },
          { label: "Move to…", run: () => open({ kind: "item-move", itemId: item.id }) },
          { label: "Delete", run: () => open({ kind: "item-delete", itemId: item.id }), danger: true },
        ]}
      />
    </li>
  );
}

function ItemSummary({ item, onEdit, onPrices }: { item: Item; onEdit?: () => void; onPrices?: () => void }) {
  const details = itemDetails(item);
  return (
    <div className={styles.body}>
      <div className={styles.titleLine}>
        {item.tap_number && (
          <span className={styles.tap}>
            <span className="visually-hidden">Tap </span>
            {item.tap_number}
          </span>
        )}
        {onEdit ? (
          <button type="button" className={styles.name} onClick={onEdit}>
            {item.name}
          </button>
        ) : (
          <span className={styles.name}>{item.name}</span>
        )}
        <EightySixBadge item={item} />
        {item.nitro && <span className="badge">Nitro</span>}
        {item.cask && <span className="badge">Cask</span>}
        {hasOverrides(item) && (
          <span className="badge" title="Some values differ from the beer catalogue">
            Edited
          </span>
        )}
      </div>
      {details && <p className={styles.details}>{details}</p>}
      {onPrices ? (
        <button type="button" className={styles.prices} onClick={onPrices}>
          {/* The name begins with what it opens and includes what is on screen (WCAG 2.5.3). */}
          <span className="visually-hidden">Sizes and prices of {item.name}: </span>
          <Prices item={item} />
        </button>
      ) : (
        <span className={styles.prices}>
          <Prices item={item} />
        </span>
      )}
    </div>
  );
}

function Prices({ item }: { item: Item }) {
  if (item.containers.length === 0) return <span className={styles.noPrice}>No sizes yet — add a size and price</span>;
  return item.containers.map((container) => (
    <span key={container.id} className={styles.chip}>
      {containerLabel(container)}
    </span>
  ));
}

/** What follows the pointer while an item is dragged. */
export function ItemOverlay({ item }: { item: Item }) {
  return (
    <div className={`${styles.row} ${styles.overlay}`}>
      <span className={styles.grip} aria-hidden />
      <ItemSummary item={item} />
    </div>
  );
}
