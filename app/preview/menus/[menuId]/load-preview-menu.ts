// Server only: the page and its metadata share one read per request (`cache`).
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { idParam } from "@/lib/shared/schemas";
import { previewMenu } from "@/lib/menus/preview";
import { getPageUser } from "@/lib/auth/page-session";

export type PreviewMenu = NonNullable<Awaited<ReturnType<typeof loadPreviewMenu>>>;

/** The menu as a guest (or, for a draft, its own staff) may see it; null for every kind of 404. */
export const loadPreviewMenu = cache(async (rawId: string) => {
  const parsed = idParam.safeParse(rawId);
  if (!parsed.success) return null;
  const user = await getPageUser();
  return previewMenu(await getDb(), { id: parsed.data, viewerBusinessId: user?.businessId ?? null });
});
