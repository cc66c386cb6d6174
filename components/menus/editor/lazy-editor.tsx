"use client";

import { type ComponentProps, lazy, Suspense } from "react";
import { EditorSkeleton } from "./editor-skeleton";

// The board's code (its rows, the drag and drop, the live follower) is not in the page's first load
// (issue 36: the menu editor within 150 kB): React.lazy, not next/dynamic, whose own machinery is 2 kB
// of it. The skeleton holds the board's place until the code is in.
const Board = lazy(() => import("./menu-editor").then((module) => ({ default: module.MenuEditor })));

export function MenuEditor(props: ComponentProps<typeof Board>) {
  return (
    <Suspense fallback={<EditorSkeleton />}>
      <Board {...props} />
    </Suspense>
  );
}
