"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while the server renders and while the page hydrates, true from then on (and at once on a page
 * reached by client navigation): for what only the browser knows, and for what must wait until the
 * page's script runs.
 */
export const useInBrowser = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
