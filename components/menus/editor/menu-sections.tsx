"use client";

import {
  DndContext,
  DragOverlay,
  MeasuringStrategy,
  closestCenter,
  pointerWithin,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { Item, MenuTree } from "@/lib/client/queries/menus";
import { ItemOverlay, itemKey } from "./item-row";
import { OnDeckCard, SectionCard, SectionOverlay, listKey, sectionKey, type DragKind } from "./section-card";
import { SCREEN_READER_INSTRUCTIONS, place, useBoardSensors } from "./sortable-kit";
import { allSections, sectionLabel } from "./tree-ops";
import { useOrderMutations } from "./use-order-mutations";
import { boardDrag } from "./drag-state";
import styles from "./menu-sections.module.css";

type DragData =
  | { type: "section"; sectionId: number }
  | { type: "item"; itemId: number; sectionId: number }
  | { type: "list"; sectionId: number };

/**
 * What the board shows while a drag is under way and until the cache has the result: the sections'
 * order and each section's item ids. `base` is the tree it was made from: once the cache holds
 * another tree (the optimistic update), the draft has done its job.
 */
type Draft = { base: MenuTree; sections: number[]; items: Record<number, number[]> };

const dataOf = (entry: { data: { current?: unknown } } | null | undefined) => entry?.data.current as DragData | undefined;

function draftOf(tree: MenuTree): Draft {
  return {
    base: tree,
    sections: tree.sections.map((section) => section.id),
    items: Object.fromEntries(allSections(tree).map((section) => [section.id, section.items.map((item) => item.id)])),
  };
}

/** The selected menu's sections and on-deck section in ONE drag-and-drop context, so items can cross sections. */
export function MenuSections({ tree, afterSections }: { tree: MenuTree; afterSections?: ReactNode }) {
  // Read through a ref: the sensor keeps the getter it was made with.
  const keysRef = useRef<KeyboardCoordinateGetter>(sortableKeyboardCoordinates);
  const keys = useCallback<KeyboardCoordinateGetter>((event, args) => keysRef.current(event, args), []);
  const sensors = useBoardSensors(keys);
  const order = useOrderMutations(tree.id);
  const [dragging, setDragging] = useState<DragData | null>(null);
  const [draft, setDraftState] = useState<Draft | null>(null);
  const draftRef = useRef<Draft | null>(null);
  const dropMessage = useRef<string | undefined>(undefined);
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const justMoved = useRef(false);
  const leftStart = useRef(false);
  /**
   * A keyboard drag moves by places, not by the layout: each arrow names what the item is over next
   * (`over`; null until the first arrow) and, to enter another section, the place it enters at
   * (`entering`). Measuring a layout that shifts as items change sections once made a drop land a
   * place away from the one announced.
   */
  const keyboard = useRef<{ over: UniqueIdentifier | null; entering: { sectionId: number; index: number } | null; entered: boolean }>({
    over: null,
    entering: null,
    entered: false,
  });

  const setDraft = (next: Draft | null) => {
    draftRef.current = next;
    setDraftState(next);
  };
  // Once the cache holds another tree (the optimistic order, or the old one back after a refusal)
  // the draft has done its job: drop it during render so no frame shows it over the new tree.
  if (draft && !dragging && draft.base !== tree) {
    draftRef.current = null;
    setDraftState(null);
  }
  const view = draft && (dragging || draft.base === tree) ? draft : draftOf(tree);

  const itemById = useMemo(
    () => new Map(allSections(tree).flatMap((section) => section.items.map((item) => [item.id, item] as const))),
    [tree],
  );
  const sectionById = useMemo(() => new Map(allSections(tree).map((section) => [section.id, section])), [tree]);
  const itemsIn = (sectionId: number) => (view.items[sectionId] ?? []).flatMap((id) => itemById.get(id) ?? []);
  const containerOf = (itemId: number, source: Draft) =>
    Number(Object.keys(source.items).find((key) => source.items[Number(key)]!.includes(itemId)) ?? NaN);

  // After an item changes section the layout shifts under the pointer; let it settle before
  // measuring again, or the item would bounce between the two sections.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose after each render of a new draft (the shifted layout), not on anything the body reads
  useEffect(() => {
    const frame = requestAnimationFrame(() => (justMoved.current = false));
    return () => cancelAnimationFrame(frame);
  }, [draft]);

  const collisionDetection: CollisionDetection = (args) => {
    const type = dataOf(args.active)?.type;
    if (type === "section") {
      return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((entry) => dataOf(entry)?.type === "section") });
    }
    // A keyboard drag has no pointer: it is over what its last arrow chose (itself before the first).
    if (args.pointerCoordinates === null) return [{ id: keyboard.current.over ?? args.active.id }];
    if (justMoved.current && lastOver.current !== null) return [{ id: lastOver.current }];
    const candidates = args.droppableContainers.filter((entry) => dataOf(entry)?.type !== "section");
    const under = pointerWithin({ ...args, droppableContainers: candidates });
    const underItems = under.filter((collision) => String(collision.id).startsWith("i:"));
    const found =
      underItems.length > 0 ? underItems : under.length > 0 ? under : closestCenter({ ...args, droppableContainers: candidates });
    lastOver.current = found[0]?.id ?? null;
    return found;
  };

  /** Where the dragged item would land now: its index and list in the draft. */
  function landing(itemId: number, over: DragData | undefined) {
    const source = draftRef.current ?? draftOf(tree);
    const sectionId = containerOf(itemId, source);
    const ids = source.items[sectionId] ?? [];
    const index =
      over?.type === "item" && over.sectionId === sectionId && ids.includes(over.itemId) ? ids.indexOf(over.itemId) : ids.indexOf(itemId);
    return {
      sectionId,
      index,
      count: ids.length,
      where: sectionById.has(sectionId) ? sectionLabel(sectionById.get(sectionId)!) : "the section",
    };
  }

  keysRef.current = (event, args) => {
    const data = dataOf(args.context.active);
    const current = draftRef.current;
    if (data?.type !== "item" || !current) return sortableKeyboardCoordinates(event, args);
    const step = event.code === "ArrowDown" ? 1 : event.code === "ArrowUp" ? -1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const at = landing(data.itemId, dataOf(args.context.over));
    const ids = current.items[at.sectionId] ?? [];
    let target: UniqueIdentifier;
    let entering: { sectionId: number; index: number } | null = null;
    if (at.index + step >= 0 && at.index + step < ids.length) {
      target = itemKey(ids[at.index + step]!);
    } else {
      // Past either end of its section: the next section's top, or the end of the one before.
      const order = [...current.sections, ...(tree.on_deck_section ? [tree.on_deck_section.id] : [])];
      const sectionId = order[order.indexOf(at.sectionId) + step];
      if (sectionId === undefined) return undefined;
      const rest = current.items[sectionId] ?? [];
      const neighbour = step > 0 ? rest[0] : rest[rest.length - 1];
      target = neighbour === undefined ? listKey(sectionId) : itemKey(neighbour);
      entering = { sectionId, index: step > 0 ? 0 : rest.length };
    }
    keyboard.current = { over: target, entering, entered: false };
    // The overlay goes to where the target is drawn now.
    const rect = args.context.droppableRects.get(target);
    const from = args.context.collisionRect;
    const dy = rect && from ? rect.top - from.top : step;
    return { x: args.currentCoordinates.x, y: args.currentCoordinates.y + (dy === 0 ? step : dy) };
  };

  // An item is said with its tap number, as its badge shows it ("Harbor Haze, tap 2"): the number stays
  // with the beer, the place in the list is said apart ("position 3 of 8").
  const itemName = (item: { name: string; tap_number: string | null } | undefined) =>
    item ? (item.tap_number ? `${item.name}, tap ${item.tap_number}` : item.name) : "The item";
  const nameOf = (data: DragData | undefined) =>
    data?.type === "item"
      ? itemName(itemById.get(data.itemId))
      : data
        ? sectionLabel(sectionById.get(data.sectionId) ?? { name: "", type: "Section" })
        : "It";

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const data = dataOf(active);
      if (data?.type === "item") {
        const at = landing(data.itemId, undefined);
        return `Picked up ${nameOf(data)}, ${place(at.index, at.count, at.where)}.`;
      }
      const ids = view.sections;
      return `Picked up section ${nameOf(data)}, ${place(ids.indexOf(data?.sectionId ?? -1), ids.length)} of the sections.`;
    },
    onDragOver: ({ active, over }) => {
      const data = dataOf(active);
      // Right after pick-up the item is over itself: keep "Picked up…" instead of repeating its place.
      if (over?.id === active.id && !leftStart.current) return undefined;
      leftStart.current = true;
      if (!over) return `${nameOf(data)} is not over a place to drop it.`;
      if (data?.type === "item") {
        // A keyboard step into another section is said once the item is over its new place.
        if (keyboard.current.entered) {
          keyboard.current.entered = false;
          return undefined;
        }
        const at = landing(data.itemId, dataOf(over));
        return `${nameOf(data)} is at ${place(at.index, at.count, at.where)}.`;
      }
      const ids = draftRef.current?.sections ?? view.sections;
      return `Section ${nameOf(data)} is at ${place(ids.indexOf(dataOf(over)?.sectionId ?? -1), ids.length)}.`;
    },
    onDragEnd: ({ active }) => dropMessage.current ?? `${nameOf(dataOf(active))} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(dataOf(active))} was cancelled. It is back where it was.`,
  };

  function onDragStart({ active }: DragStartEvent) {
    boardDrag.start();
    dropMessage.current = undefined;
    leftStart.current = false;
    keyboard.current = { over: null, entering: null, entered: false };
    setDragging(dataOf(active) ?? null);
    setDraft(draftOf(tree));
  }

  function onDragOver({ active, over }: DragOverEvent) {
    const data = dataOf(active);
    const target = dataOf(over);
    const current = draftRef.current;
    if (data?.type !== "item" || !target || target.type === "section" || !current || !over) return;
    const from = containerOf(data.itemId, current);
    const to = target.type === "list" ? target.sectionId : containerOf(target.itemId, current);
    if (Number.isNaN(from) || Number.isNaN(to) || from === to) return;
    const rest = current.items[to]!.filter((id) => id !== data.itemId);
    let index = rest.length;
    const entering = keyboard.current.entering;
    if (entering?.sectionId === to) {
      // A keyboard step: the place was chosen by the arrow; from now on the item is over itself.
      index = entering.index;
      keyboard.current = { over: active.id, entering: null, entered: true };
    } else if (target.type === "item") {
      const translated = active.rect.current.translated;
      const below = translated ? translated.top > over.rect.top + over.rect.height / 2 : false;
      index = rest.indexOf(target.itemId) + (below ? 1 : 0);
    }
    justMoved.current = true;
    setDraft({
      ...current,
      items: {
        ...current.items,
        [from]: current.items[from]!.filter((id) => id !== data.itemId),
        [to]: [...rest.slice(0, index), data.itemId, ...rest.slice(index)],
      },
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    const data = dataOf(active);
    const target = dataOf(over);
    const current = draftRef.current;
    setDragging(null);
    boardDrag.end();
    if (!data || !current || !target) return setDraft(null);
    if (data.type === "section") return dropSection(data.sectionId, target, current);
    if (data.type === "item") return dropItem(data.itemId, target, current);
    setDraft(null);
  }

  function dropSection(sectionId: number, target: DragData, current: Draft) {
    const ids = tree.sections.map((section) => section.id);
    if (target.type !== "section" || target.sectionId === sectionId) return setDraft(null);
    const next = arrayMove(ids, ids.indexOf(sectionId), ids.indexOf(target.sectionId));
    dropMessage.current = `Section ${nameOf({ type: "section", sectionId })} moved to ${place(next.indexOf(sectionId), next.length)} of the sections.`;
    setDraft({ ...current, base: tree, sections: next });
    order.sections.mutate({ parentId: tree.id, ids: next, previousIds: ids });
  }

  function dropItem(itemId: number, target: DragData, current: Draft) {
    const sectionId = containerOf(itemId, current);
    // It lands where the last announcement said, by the same rule (landing).
    const before = current.items[sectionId]!;
    const ids = arrayMove(before, before.indexOf(itemId), landing(itemId, target).index);
    const original = itemById.get(itemId);
    const fromIds = sectionById.get(original?.section_id ?? -1)?.items.map((item) => item.id) ?? [];
    const name = itemName(itemById.get(itemId));
    const where = sectionLabel(sectionById.get(sectionId) ?? { name: "", type: "Section" });
    if (!original) return setDraft(null);
    if (original.section_id === sectionId && ids.every((id, index) => fromIds[index] === id)) {
      dropMessage.current = `${name} was dropped where it was.`;
      return setDraft(null);
    }
    dropMessage.current = `${name} moved to ${place(ids.indexOf(itemId), ids.length, where)}.`;
    setDraft({ ...current, base: tree, items: { ...current.items, [sectionId]: ids } });
    if (original.section_id === sectionId) {
      order.items.mutate({ parentId: sectionId, ids, previousIds: fromIds });
    } else {
      order.move.mutate({ itemId, toSectionId: sectionId, targetIds: ids, fromSectionId: original.section_id, fromIds });
    }
  }

  const activeItem: Item | undefined = dragging?.type === "item" ? itemById.get(dragging.itemId) : undefined;
  const activeSection = dragging?.type === "section" ? sectionById.get(dragging.sectionId) : undefined;
  const kind: DragKind = dragging?.type === "item" ? "item" : dragging?.type === "section" ? "section" : null;

  return (
    <DndContext
      id={`menu-${tree.id}`}
      sensors={sensors}
      collisionDetection={collisionDetection}
      // Items change lists mid-drag: measure every frame so the drop lands where the preview shows it.
      measuring={{ droppable: { strategy: MeasuringStrategy.Always } }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => {
        boardDrag.end();
        setDragging(null);
        setDraft(null);
      }}
      accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
    >
      <SortableContext items={view.sections.map(sectionKey)} strategy={verticalListSortingStrategy}>
        <div className={styles.sections}>
          {view.sections.flatMap((id) => {
            const section = sectionById.get(id);
            return section ? [<SectionCard key={id} section={section} items={itemsIn(id)} dragging={kind} />] : [];
          })}
        </div>
      </SortableContext>
      {afterSections}
      {tree.on_deck_section && <OnDeckCard section={tree.on_deck_section} items={itemsIn(tree.on_deck_section.id)} dragging={kind} />}
      <DragOverlay>
        {activeItem ? (
          <ItemOverlay item={activeItem} />
        ) : activeSection ? (
          <SectionOverlay section={activeSection} count={itemsIn(activeSection.id).length} />
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
