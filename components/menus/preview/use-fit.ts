"use client";

import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from "react";
import { type FlowSection, type Page, paginate } from "./paginate";

// Fits the board to the screen (live-menus §5, decisions 044 and 054). On a screen at least 48rem wide
// and 30rem tall the page takes exactly the viewport. The sections are first laid out in one flow, one
// column wide; each heading and item is measured there, and paginate() cuts them into columns and
// pages: between items, with a section's heading again ("continued") atop a column that starts inside
// it. The type size (--pv-s, the secondary text; names and prices are 4/3 of it) is the largest between
// a smallest and a largest at which the menu is one page; a menu that is more than one page even at the
// smallest size is shown in pages, which the board turns by itself. Phones keep the scrolling page.

export const BOARD_MEDIA = "(min-width: 48rem) and (min-height: 30rem)";

/**
 * The smallest --pv-s: 30 px per 1080 px of the screen's shorter side, so that names and prices are at
 * least 40 px on a 1080p TV (read from 4 m on a 55″ screen; the rule is in menu-preview.module.css and
 * decision 054). Measured on the shorter side, a TV hung in portrait reads the same as one on its side.
 */
const SMALLEST_PER_1080 = 30;
/** A menu that fits with room to spare grows up to half as large again. */
const LARGEST_FACTOR = 1.5;
/** Below this a window is too small to be read from a distance anyway: it is still fitted, not smaller. */
const FLOOR_PX = 14;

export type BoardFit =
  | { mode: "scroll" }
  | {
      mode: "paged";
      /** --pv-s in px. */
      size: number;
      columns: number;
      pages: Page[];
      /** One page's width with its gap, in px: how far a page turn moves the strip. */
      pitch: number;
    };

const SCROLL: BoardFit = { mode: "scroll" };

type Refs = { page: RefObject<HTMLElement | null>; frame: RefObject<HTMLElement | null>; flow: RefObject<HTMLElement | null> };

const heightOf = (element: Element | null) => (element ? element.getBoundingClientRect().height : 0);

/** Each section of the flow as paginate() needs it: heading, heading "(continued)", item by item. */
function measureFlow(flow: HTMLElement): FlowSection[] {
  return [...flow.querySelectorAll<HTMLElement>("[data-flow-section]")].map((section) => ({
    head: heightOf(section.querySelector("[data-head]")),
    continued: heightOf(section.querySelector("[data-continued-head]")),
    items: [...section.querySelectorAll("[data-item]")].map(heightOf),
  }));
}

/**
 * The board's fit for the current content. `current` is false between a change (a new version of the
 * menu, a resize) and its measurement: the caller then renders the flow, which this measures before
 * the browser paints, and renders the pages after.
 */
export function useFit(refs: Refs, content: unknown): { fit: BoardFit; current: boolean } {
  const [generation, setGeneration] = useState(0);
  const [state, setState] = useState<{ content: unknown; generation: number; fit: BoardFit }>({
    content: undefined,
    generation: -1,
    fit: SCROLL,
  });
  const { page, frame, flow } = refs;

  const measure = useCallback(
    (forContent: unknown, forGeneration: number) => {
      const root = page.current;
      const box = frame.current;
      const list = flow.current;
      if (!root) return;
      if (!box || !list || !window.matchMedia(BOARD_MEDIA).matches) {
        root.removeAttribute("data-fit");
        root.style.removeProperty("--pv-s");
        if (list) list.style.width = "";
        setState({ content: forContent, generation: forGeneration, fit: SCROLL });
        return;
      }
      root.setAttribute("data-fit", "");
      const factor = (name: string) => Number.parseFloat(getComputedStyle(root).getPropertyValue(name)) || 0;
      const columnMin = factor("--pv-column-min") || 26;
      const columnGap = factor("--pv-column-gap");
      const layoutAt = (size: number) => {
        root.style.setProperty("--pv-s", `${size}px`);
        const width = box.clientWidth;
        const gap = columnGap * size;
        const columns = Math.max(1, Math.floor((width + gap) / (columnMin * size + gap)));
        list.style.width = `${(width - gap * (columns - 1)) / columns}px`;
        const sectionGap = Number.parseFloat(getComputedStyle(list).rowGap) || 0;
        // A pixel to spare: heights are fractional and the pages round them again.
        const pages = paginate(measureFlow(list), { height: box.clientHeight - 1, columns, gap: sectionGap });
        return { mode: "paged" as const, size, columns, pages, pitch: width + gap };
      };
      const smallest = Math.max(FLOOR_PX, (Math.min(window.innerWidth, window.innerHeight) / 1080) * SMALLEST_PER_1080);
      const largest = smallest * LARGEST_FACTOR;
      let fit = layoutAt(largest);
      if (fit.pages.length > 1) {
        const atSmallest = layoutAt(smallest);
        if (atSmallest.pages.length > 1) fit = atSmallest;
        else {
          let fits = smallest;
          let fails = largest;
          for (let step = 0; step < 8; step++) {
            const middle = (fits + fails) / 2;
            if (layoutAt(middle).pages.length > 1) fails = middle;
            else fits = middle;
          }
          fit = layoutAt(Math.floor(fits * 10) / 10);
        }
      }
      setState({ content: forContent, generation: forGeneration, fit });
    },
    [page, frame, flow],
  );

  // Before paint whenever the menu changes or the screen did, so a new version never shows unfitted.
  useLayoutEffect(() => measure(content, generation), [content, generation, measure]);

  useEffect(() => {
    let frameId = 0;
    const later = () => {
      cancelAnimationFrame(frameId);
      frameId = requestAnimationFrame(() => setGeneration((value) => value + 1));
    };
    const media = window.matchMedia(BOARD_MEDIA);
    window.addEventListener("resize", later);
    media.addEventListener("change", later);
    // Web fonts change every width: measure again once they are in.
    void document.fonts?.ready.then(later);
    return () => {
      cancelAnimationFrame(frameId);
      window.removeEventListener("resize", later);
      media.removeEventListener("change", later);
    };
  }, []);

  return { fit: state.fit, current: state.content === content && state.generation === generation };
}
