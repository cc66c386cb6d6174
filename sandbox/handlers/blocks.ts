import type { Ctx } from "../context";

/** compact=true: lookups leave out their optional blocks (checkins, media, similar, top_beers…). */
export const isCompact = (ctx: Ctx) => ctx.params.compact?.toLowerCase() === "true";

/** A `{count, items}` block with nothing in it (the sandbox has no photos, vintages or variants). */
export const emptyBlock = () => ({ count: 0, items: [] as never[] });
