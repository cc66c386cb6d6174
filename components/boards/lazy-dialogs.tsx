"use client";

import dynamic from "next/dynamic";

// The forms (zod, react-hook-form) load in their own chunk when a dialog is opened, keeping them out of
// the Boards page's first-load JavaScript.
export const PairBoardDialog = dynamic(() => import("./board-dialogs").then((module) => module.PairBoardDialog), { ssr: false });
export const EditBoardDialog = dynamic(() => import("./board-dialogs").then((module) => module.EditBoardDialog), { ssr: false });
