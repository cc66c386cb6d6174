"use client";

import { createContext, useContext } from "react";
import type { Section } from "@/lib/client/queries/menus";

/** Every dialog the selected menu can open; items are named by id so a dialog always shows fresh data. */
export type BoardDialog =
  | { kind: "menu-edit" }
  | { kind: "menu-delete" }
  | { kind: "board-link" }
  | { kind: "section-new" }
  | { kind: "section-edit"; section: Section }
  | { kind: "section-delete"; section: Section }
  /** Happy hours on every price of the section (by id), or of the whole menu (null). */
  | { kind: "happy-hours"; sectionId: number | null }
  | { kind: "item-add"; sectionId: number }
  | { kind: "item-edit"; itemId: number }
  | { kind: "item-containers"; itemId: number }
  | { kind: "item-move"; itemId: number }
  | { kind: "item-delete"; itemId: number };

export const OpenDialogContext = createContext<(dialog: BoardDialog) => void>(() => {});

export const useOpenDialog = () => useContext(OpenDialogContext);
