"use client";

import { useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import type { Item, MenuTree, Section } from "@/lib/client/queries/menus";
import { FormActions } from "./form-parts";
import { allSections, findItem, sectionLabel } from "./tree-ops";
import { useOrderMutations } from "./use-order-mutations";
import styles from "./form-parts.module.css";

/** "Move to…": the same move as dragging an item, for people who can't drag: a section and a place in it. */
export function MoveItemDialog({ item, tree, onClose }: { item: Item | null; tree: MenuTree; onClose: () => void }) {
  return (
    <Dialog open={item !== null} onClose={onClose} title={item ? `Move ${item.name}` : "Move item"}>
      {item && <MoveForm item={item} tree={tree} onDone={onClose} />}
    </Dialog>
  );
}

/** The places an item can take in `section`: 0..n, n being the section's other items, each with the order it makes. */
function placesIn(section: Section, item: Item) {
  const others = section.items.filter((other) => other.id !== item.id);
  const label = (position: number) => {
    if (position === 0) return "At the top";
    const above = others[position - 1]!.name;
    return position === others.length ? `At the bottom, after ${above}` : `After ${above}`;
  };
  return Array.from({ length: others.length + 1 }, (_, position) => ({
    position,
    label: label(position),
    ids: [...others.slice(0, position), item, ...others.slice(position)].map((record) => record.id),
  }));
}

function MoveForm({ item, tree, onDone }: { item: Item; tree: MenuTree; onDone: () => void }) {
  const { move } = useOrderMutations(tree.id);
  const sections = allSections(tree);
  const from = findItem(tree, item.id)?.section;
  const here = from?.items.findIndex((other) => other.id === item.id) ?? -1;
  // Another section's top by default (what a move did before it took a place), else its own section.
  const [target, setTarget] = useState<number | undefined>(() => (sections.find((section) => section.id !== from?.id) ?? from)?.id);
  const to = sections.find((section) => section.id === target);
  const [position, setPosition] = useState(() => (to && to.id === from?.id ? here : 0));
  const sectionId = useId();
  const placeId = useId();

  if (!from || (sections.length === 1 && from.items.length <= 1)) {
    return (
      <>
        <p>This menu has no other section or item yet. Add a section first, then move {item.name} there.</p>
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={onDone}>
            Close
          </button>
        </div>
      </>
    );
  }

  const places = to ? placesIn(to, item) : [];
  const stays = to?.id === from.id && position === here;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const place = places[position];
        if (!to || !place) return;
        if (stays) return onDone();
        move.mutate(
          {
            itemId: item.id,
            toSectionId: to.id,
            targetIds: place.ids,
            fromSectionId: from.id,
            fromIds: from.items.map((other) => other.id),
          },
          { onSuccess: onDone },
        );
      }}
    >
      <p>
        {item.name} is at place {here + 1} of {from.items.length} in {sectionLabel(from)}. Choose a section and where in it.
      </p>
      <label htmlFor={sectionId} className={styles.check}>
        Move to
      </label>
      <select
        id={sectionId}
        className="select"
        value={target}
        onChange={(event) => {
          const next = Number(event.target.value);
          setTarget(next);
          setPosition(next === from.id ? here : 0);
        }}
      >
        {sections.map((section) => (
          <option key={section.id} value={section.id}>
            {sectionLabel(section)}
            {section.type === "OnDeckSection" ? " (coming soon)" : ""}
            {section.id === from.id ? " (where it is now)" : ""}
          </option>
        ))}
      </select>
      <label htmlFor={placeId} className={styles.check}>
        Place
      </label>
      <select id={placeId} className="select" value={position} onChange={(event) => setPosition(Number(event.target.value))}>
        {places.map((place) => (
          <option key={place.position} value={place.position}>
            {place.label}
            {to?.id === from.id && place.position === here ? " (where it is now)" : ""}
          </option>
        ))}
      </select>
      <FormActions onCancel={onDone} busy={move.isPending} label="Move" busyLabel="Moving…" />
    </form>
  );
}
