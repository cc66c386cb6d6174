"use client";

import dynamic from "next/dynamic";

// Loaded in its own chunk when the board renders, outside the route's first-load JavaScript.
export const HistoryDialog = dynamic(() => import("./history-dialog").then((module) => module.HistoryDialog), { ssr: false });
