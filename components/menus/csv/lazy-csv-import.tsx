"use client";

import dynamic from "next/dynamic";

// Loaded in its own chunk when someone opens it, outside the board's first-load JavaScript.
export const CsvImportDialog = dynamic(() => import("./csv-import-dialog").then((module) => module.CsvImportDialog), { ssr: false });
