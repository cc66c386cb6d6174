"use client";

import { createContext, useContext } from "react";
import { may, type Role } from "@/lib/auth/permissions";

/**
 * What the signed-in person may do on the board (lib/auth/permissions.ts), from the role the server
 * page read. Staff 86 and restore, publish and unpublish; only managers and owners see the controls
 * that change menus (add, edit, delete, prices, reorder, move, revert, the catalogue search). The API
 * refuses the rest anyway: this only keeps out of sight what the person cannot use.
 */
export type BoardPermissions = { edit: boolean; publish: boolean; eightySix: boolean };

export const permissionsFor = (role: Role): BoardPermissions => ({
  edit: may(role, "edit"),
  publish: may(role, "publish"),
  eightySix: may(role, "eightySix"),
});

// Outside a board, nothing is offered: a control appears only where a role has been given.
export const BoardPermissionsContext = createContext<BoardPermissions>({ edit: false, publish: false, eightySix: false });

export const useBoardPermissions = () => useContext(BoardPermissionsContext);
