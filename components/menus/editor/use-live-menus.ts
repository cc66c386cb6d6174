"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { menuQueries } from "@/lib/client/queries/menus";
import { CHANGE_TYPES } from "@/lib/shared/change-types";
import { boardDrag } from "./drag-state";

// Two managers on one menu see each other's changes (live-menus §3, §5): the board follows the
// location's change stream (same-origin EventSource, the session cookie) and refetches what a change
// touched: that menu's tree and the location's menu list. While any of this page's own writes is in
// flight the refetch waits, so it never overwrites an optimistic update with an answer from before
// the write; it runs when the last write has settled (their own invalidation comes first).
// EventSource resumes after a drop with Last-Event-ID; when it gives up (a 410 for a cursor too old,
// a 503 at start-up) the stream is opened again from now and every menu of the location refetched.

const MAX_WAIT_MS = 60_000;

export function useLiveMenus(locationId: number) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const touched = new Set<number>();
    let everything = false;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let stopped = false;

    const refresh = () => {
      if (queryClient.isMutating() > 0 || boardDrag.active() || (!everything && touched.size === 0)) return;
      const menus = [...touched];
      const all = everything;
      touched.clear();
      everything = false;
      void queryClient.invalidateQueries({ queryKey: menuQueries.list(locationId).queryKey });
      if (all) void queryClient.invalidateQueries({ queryKey: menuQueries.trees() });
      else for (const id of menus) void queryClient.invalidateQueries({ queryKey: menuQueries.tree(id).queryKey });
    };
    // Only the two ids are read (the feed's schema, lib/live/schemas.ts, stays out of the first load).
    const onChange = (event: Event) => {
      let change: { location_id?: unknown; menu_id?: unknown };
      try {
        change = JSON.parse((event as MessageEvent<string>).data);
      } catch {
        return;
      }
      if (change.location_id !== locationId || typeof change.menu_id !== "number") return;
      touched.add(change.menu_id);
      refresh();
    };
    const connect = () => {
      const opened = new EventSource(`/api/v1/locations/${locationId}/changes/stream`);
      source = opened;
      for (const type of CHANGE_TYPES) opened.addEventListener(type, onChange);
      opened.addEventListener("open", () => {
        failures = 0;
      });
      opened.addEventListener("error", () => {
        if (opened.readyState !== EventSource.CLOSED) return;
        // Given up: whatever happened meanwhile is unknown, so everything is read again once back.
        everything = true;
        const wait = Math.min(MAX_WAIT_MS, 2_000 * 2 ** failures++);
        timer = setTimeout(() => {
          if (stopped) return;
          connect();
          refresh();
        }, wait);
      });
    };
    connect();
    // The writes' own settling is the moment a waiting refetch may run.
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (touched.size > 0 || everything) refresh();
    });
    // A drag's end too: a change heard mid-gesture is drawn once the hand is off.
    const stopWaitingForDrag = boardDrag.onEnd(() => {
      if (touched.size > 0 || everything) refresh();
    });
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
      unsubscribe();
      stopWaitingForDrag();
    };
  }, [locationId, queryClient]);
}
