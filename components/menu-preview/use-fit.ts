"use client";

import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from "react";

// Fits the board to the screen (live-menus §5). On a screen at least 48rem wide and 30rem tall the page
// takes exactly the viewport and the sections flow into columns (CSS multi-column, `column-fill:
// auto`); the type size is then the largest at which every column fits the width, found by bisection
// between a largest and a smallest readable size (both a share of the screen's height, so a 4K TV and
// a 1080p one look alike). Content that does not fit even at the smallest size continues in columns
// beyond the screen's right edge: those are pages, each exactly one screen wide, which the board
// turns by itself. Phones keep the scrolling page.

export const BOARD_MEDIA = "(min-width: 48rem) and (min-height: 30rem)";

export type Fit = {
  on: boolean;
  /** The page's font size in px while fitted. */
  fontSize: number | null;
  pages: number;
  /** One page's width with its gap, in px: how far a page turn moves the columns. */
  pitch: number;
};

const OFF: Fit = { on: false, fontSize: null, pages: 1, pitch: 0 };
/** Share of the viewport's height: ~17 px at 1080 lines, the smallest that reads across a bar. */
const SMALLEST = 0.016;
const LARGEST = 0.032;

export function useFit(
  refs: { page: RefObject<HTMLElement | null>; frame: RefObject<HTMLElement | null>; columns: RefObject<HTMLElement | null> },
  content: unknown,
): Fit {
  const [fit, setFit] = useState<Fit>(OFF);
  const { page, frame, columns } = refs;

  const measure = useCallback(() => {
    const root = page.current;
    const box = frame.current;
    const flow = columns.current;
    if (!root) return;
    if (!box || !flow || !window.matchMedia(BOARD_MEDIA).matches) {
      root.removeAttribute("data-fit");
      root.style.fontSize = "";
      setFit(OFF);
      return;
    }
    root.setAttribute("data-fit", "");
    const height = window.innerHeight;
    const smallest = Math.max(14, height * SMALLEST);
    const largest = Math.max(smallest, height * LARGEST);
    const overflows = (size: number) => {
      root.style.fontSize = `${size}px`;
      return flow.scrollWidth > box.clientWidth + 1 || flow.scrollHeight > box.clientHeight + 1;
    };
    let size = largest;
    let paged = false;
    if (overflows(largest)) {
      if (overflows(smallest)) {
        size = smallest;
        paged = true;
      } else {
        let fits = smallest;
        let fails = largest;
        for (let step = 0; step < 9; step++) {
          const middle = (fits + fails) / 2;
          if (overflows(middle)) fails = middle;
          else fits = middle;
        }
        size = Math.floor(fits * 10) / 10;
      }
    }
    root.style.fontSize = `${size}px`;
    const gap = Number.parseFloat(getComputedStyle(flow).columnGap) || 0;
    const pitch = box.clientWidth + gap;
    const pages = paged ? Math.max(1, Math.ceil((flow.scrollWidth + gap - 2) / pitch)) : 1;
    setFit({ on: true, fontSize: size, pages, pitch });
  }, [page, frame, columns]);

  // Before paint whenever the menu changes, so a new version never shows unfitted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `content` is what the layout depends on; measure reads it from the DOM
  useLayoutEffect(() => measure(), [content, measure]);

  useEffect(() => {
    let frameId = 0;
    const later = () => {
      cancelAnimationFrame(frameId);
      frameId = requestAnimationFrame(measure);
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
  }, [measure]);

  return fit;
}
