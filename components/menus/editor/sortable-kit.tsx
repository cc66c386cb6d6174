"use client";

import {
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DraggableAttributes,
  type DraggableSyntheticListeners,
  type Announcements,
  type KeyboardCoordinateGetter,
  type PointerSensorOptions,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import { useRef, type PointerEvent as ReactPointerEvent } from "react";
import styles from "./sortable-kit.module.css";

/**
 * Mouse and pen only: touches go to the TouchSensor below, whose press delay leaves a quick swipe
 * to scroll the page (a pointer sensor would start a drag on the first few pixels of any swipe).
 */
class MouseAndPenSensor extends PointerSensor {
  static activators = [
    {
      eventName: "onPointerDown" as const,
      handler: ({ nativeEvent: event }: ReactPointerEvent, { onActivation }: PointerSensorOptions) => {
        if (event.pointerType === "touch" || !event.isPrimary || event.button !== 0) return false;
        onActivation?.({ event });
        return true;
      },
    },
  ];
}

/**
 * Mouse (after 4 px), touch (after a 250 ms press) and keyboard (Space, arrows, Space) for every list.
 * The keyboard moves by the layout unless a list gives its own steps (`keys`).
 */
export function useBoardSensors(keys: KeyboardCoordinateGetter = sortableKeyboardCoordinates) {
  return useSensors(
    useSensor(MouseAndPenSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keys }),
  );
}

export const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    "To move this, press Space or Enter. Use the up and down arrow keys to choose its new place, then press Space or Enter to drop it there, or Escape to cancel.",
};

/** The explicit drag handle: a real button so rows stay clickable and it can be reached with Tab. */
export function DragHandle({
  label,
  setRef,
  attributes,
  listeners,
}: {
  label: string;
  setRef: (element: HTMLElement | null) => void;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
}) {
  return (
    <button type="button" ref={setRef} className={styles.handle} {...attributes} {...listeners} aria-label={label}>
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden focusable="false">
        <circle cx="7" cy="5" r="1.6" />
        <circle cx="13" cy="5" r="1.6" />
        <circle cx="7" cy="10" r="1.6" />
        <circle cx="13" cy="10" r="1.6" />
        <circle cx="7" cy="15" r="1.6" />
        <circle cx="13" cy="15" r="1.6" />
      </svg>
    </button>
  );
}

/** "position 3 of 8 in Taps" */
export const place = (index: number, count: number, where?: string) => `position ${index + 1} of ${count}${where ? ` in ${where}` : ""}`;

/**
 * Announcements for one flat list ("Pint moved to position 2 of 3 in Harbor Haze"). Right after
 * pick-up the thing is over itself: that is not announced, so "Picked up…" is heard in full.
 */
export function useListAnnouncements(ids: UniqueIdentifier[], labelOf: (id: UniqueIdentifier) => string, where?: string): Announcements {
  const leftStart = useRef(false);
  const at = (id: UniqueIdentifier) => place(ids.indexOf(id), ids.length, where);
  return {
    onDragStart: ({ active }) => {
      leftStart.current = false;
      return `Picked up ${labelOf(active.id)}, ${at(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      if (over?.id === active.id && !leftStart.current) return undefined;
      leftStart.current = true;
      return over ? `${labelOf(active.id)} is at ${at(over.id)}.` : `${labelOf(active.id)} is not over a place to drop it.`;
    },
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id ? `${labelOf(active.id)} moved to ${at(over.id)}.` : `${labelOf(active.id)} was dropped where it was.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled. It is back at ${at(active.id)}.`,
  };
}
