import type { Scope } from "@/lib/auth/scopes";

/** What a board or a website needs, and nothing more: the key the page suggests first. */
export const BOARD_KEY = { name: "TV board and website", scopes: ["menus:read"] as Scope[] };
