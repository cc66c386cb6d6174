import { z } from "zod";

// Menus off the screen (venue-operations §9, decision 066): the printed menu's choices and the files.

export const PAPERS = ["letter", "a4"] as const;
export const LAYOUTS = ["list", "columns", "tap-list"] as const;
export type Paper = (typeof PAPERS)[number];
export type Layout = (typeof LAYOUTS)[number];

const choice = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `must be one of ${values.join(", ")}` }).meta({ description: what });

/** `paper` absent: the venue's (US Letter in the Americas that use it, A4 elsewhere); `layout` absent: list. */
export const printQuery = z.object({
  paper: choice(PAPERS, "US Letter or ISO A4; absent: the venue's country's").optional(),
  layout: choice(LAYOUTS, "`list` (one column), `columns` (two), `tap-list` (tap numbers first)").default("list"),
});

export const printPdfResponse = z.string().meta({ contentMediaType: "application/pdf" });
export const qrSvgResponse = z.string().meta({ contentMediaType: "image/svg+xml" });
