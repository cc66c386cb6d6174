"use client";

import dynamic from "next/dynamic";

// Loaded in their own chunks when someone opens them, outside the board's first-load JavaScript.
export const PrintDialog = dynamic(() => import("./print-dialog").then((module) => module.PrintDialog), { ssr: false });
export const ShareDialog = dynamic(() => import("./share-dialog").then((module) => module.ShareDialog), { ssr: false });
