// Server only: the page and its metadata share one read per request (`cache`).
import { headers } from "next/headers";
import { cache } from "react";
import { getDb } from "@/lib/db/client";
import { idParam } from "@/lib/shared/schemas";
import { previewMenu } from "@/lib/menus/preview";
import { previewQuery } from "@/lib/menus/schemas/preview";
import { requestInstant } from "@/lib/server/test-clock";
import { getPageUser } from "@/lib/auth/page-session";

export type PreviewMenu = NonNullable<Awaited<ReturnType<typeof loadPreviewMenu>>>;

/**
 * The menu as a guest (or, for a draft, its own staff) may see it, at `at` (an ISO instant: what guests
 * see then) or now, in `lang` when given (a board's language, decision 097); null for every kind of 404.
 */
export const loadPreviewMenu = cache(async (rawId: string, at: string | null, lang: string | null = null) => {
  const parsed = idParam.safeParse(rawId);
  if (!parsed.success) return null;
  const user = await getPageUser();
  const instant = at ? new Date(at) : requestInstant(await headers());
  return previewMenu(await getDb(), { id: parsed.data, viewerBusinessId: user?.businessId ?? null, at: instant, lang: lang ?? undefined });
});

/** The page's `?at=` when it is an instant; anything else is now (a board's link never breaks on it). */
export function previewAt(query: Record<string, string | string[] | undefined>): string | null {
  const parsed = previewQuery.safeParse({ at: typeof query.at === "string" ? query.at : undefined });
  return parsed.success ? (parsed.data.at ?? null) : null;
}

/** The page's `?lang=` when it is a language tag (a TV opened by its link in a language); anything else is none. */
export function previewLang(query: Record<string, string | string[] | undefined>): string | null {
  const parsed = previewQuery.safeParse({ lang: typeof query.lang === "string" ? query.lang : undefined });
  return parsed.success ? (parsed.data.lang ?? null) : null;
}
