import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LiveDisplay } from "@/components/menus/preview/live-display";
import { displayOptions } from "@/lib/menus/schemas/preview";
import { getDb } from "@/lib/db/client";
import { countMenuView, GUEST_SOURCES } from "@/lib/insights/menu-views";
import { loadPreviewMenu, previewAt, previewLang } from "./load-preview-menu";

type Params = { params: Promise<{ menuId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params, searchParams }: Params): Promise<Metadata> {
  const query = await searchParams;
  const preview = await loadPreviewMenu((await params).menuId, previewAt(query), previewLang(query));
  if (!preview) notFound();
  return {
    title: `${preview.draft ? "Draft: " : ""}${preview.menu.name} · ${preview.location.name}`,
    description: preview.menu.description ?? `The menu at ${preview.location.name}.`,
    // Drafts are for the venue's eyes only.
    robots: preview.draft ? { index: false, follow: false } : undefined,
  };
}

// GET /preview/menus/:menuId[?theme=dark][&layout=compact][&brewery_place=0][&description=0][&labels=0][&refresh=60][&at=ISO][&lang=de]
// — read-only, no sign-in needed for a published menu; it follows its stream and redraws itself in place
// (components/menus/preview/live-display.tsx). The options are displayOptions' (decision 054); a value it does
// not understand is its default. A menu the viewer may not see is 404 (not-found.tsx), which waits for
// it to be published. `at` (the dashboard's "what guests see at…"): that instant's menu, said to be no live one.
export default async function MenuPreviewPage({ params, searchParams }: Params) {
  const [{ menuId }, query] = await Promise.all([params, searchParams]);
  const at = previewAt(query);
  const lang = previewLang(query);
  const preview = await loadPreviewMenu(menuId, at, lang);
  if (!preview) notFound();
  // A guest's board opened is a menu view ("TV Board" on Insights); the venue's staff looking at it is not,
  // nor what guests see at another time. A board set to `refresh` counts each reload.
  if (!preview.staff && !at) countMenuView(await getDb(), { locationId: preview.menu.location_id, source: GUEST_SOURCES.tv });
  const { refresh, ...options } = displayOptions(query);
  return (
    <>
      {/* React hoists this into <head>: a TV board reloads itself without any script. */}
      {refresh && <meta httpEquiv="refresh" content={String(refresh)} />}
      <LiveDisplay menuId={preview.menu.id} initial={preview} options={options} at={at} lang={lang} />
    </>
  );
}
