"use client";

import { useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import type { Item, MenuTree } from "@/lib/client/queries/menus";
import { FormActions } from "./form-parts";
import { allSections, findItem, sectionLabel } from "./tree-ops";
import { useOrderMutations } from "./use-order-mutations";
import styles from "./form-parts.module.css";

/** "Move to…": the same move as dragging an item to another section, for people who can't drag. */
export function MoveItemDialog({ item, tree, onClose }: { item: Item | null; tree: MenuTree; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onClose={onClose} title={item ? `Move ${item.name}` : "Move item"}>
      {item && <MoveForm item={item} tree={tree} onDone={onClose} />}
    </Dialog>
  );
}

function MoveForm({ item, tree, onDone }: { item: Item; tree: MenuTree; onDone: () => void }) {
  const { move } = useOrderMutations(tree.id);
  const targets = allSections(tree).filter((section) => section.id !== item.section_id);
  const [target, setTarget] = useState<number | undefined>(targets[0]?.id);
  const selectId = useId();
  const from = findItem(tree, item.id)?.section;

  if (targets.length === 0) {
    return (
      <>
        <p>This menu has no other section yet. Add a section first, then move {item.name} there.</p>
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={onDone}>
            Close
          </button>
        </div>
      </>
    );
  }

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const to = targets.find((section) => section.id === target);
        if (!to || !from) return;
        move.mutate(
          {
            itemId: item.id,
            toSectionId: to.id,
            targetIds: [item.id, ...to.items.map((other) => other.id)],
            fromSectionId: from.id,
            fromIds: from.items.map((other) => other.id),
          },
          { onSuccess: onDone },
        );
      }}
    >
      <p>
        {item.name} is in {from ? sectionLabel(from) : "its section"}. It goes to the top of the section you choose.
      </p>
      <label htmlFor={selectId} className={styles.check}>
        Move to
      </label>
      <select id={selectId} className="select" value={target} onChange={(event) => setTarget(Number(event.target.value))}>
        {targets.map((section) => (
          <option key={section.id} value={section.id}>
            {sectionLabel(section)}
            {section.type === "OnDeckSection" ? " (coming soon)" : ""}
          </option>
        ))}
      </select>
      <FormActions onCancel={onDone} busy={move.isPending} label="Move" busyLabel="Moving…" />
    </form>
  );
}
