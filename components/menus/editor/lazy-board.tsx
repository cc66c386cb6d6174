"use client";

import { type ComponentProps, lazy, Suspense } from "react";
import { BoardSkeleton } from "./board-skeleton";

// The board's code (its rows, the drag and drop, the live follower) is not in the page's first load
// (issue 36: the menu board within 150 kB): React.lazy, not next/dynamic, whose own machinery is 2 kB
// of it. The skeleton holds the board's place until the code is in.
const Board = lazy(() => import("./menu-board").then((module) => ({ default: module.MenuBoard })));

export function MenuBoard(props: ComponentProps<typeof Board>) {
  return (
    <Suspense fallback={<BoardSkeleton />}>
      <Board {...props} />
    </Suspense>
  );
}
