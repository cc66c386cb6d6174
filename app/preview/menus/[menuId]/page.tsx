import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LiveBoard } from "@/components/menu-preview/live-board";
import { loadPreviewMenu } from "./load-preview-menu";

type Params = { params: Promise<{ menuId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** ?refresh=<seconds> for TV boards: whole seconds from 30 to 3600; anything else means no refresh. */
function refreshSeconds(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,4}$/.test(raw)) return null;
  const seconds = Number(raw);
  return seconds >= 30 && seconds <= 3600 ? seconds : null;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const preview = await loadPreviewMenu((await params).menuId);
  if (!preview) notFound();
  return {
    title: `${preview.draft ? "Draft: " : ""}${preview.menu.name} · ${preview.location.name}`,
    description: preview.menu.description ?? `The menu at ${preview.location.name}.`,
    // Drafts are for the venue's eyes only.
    robots: preview.draft ? { index: false, follow: false } : undefined,
  };
}

// GET /preview/menus/:menuId[?theme=dark][&refresh=60] — read-only, no sign-in needed for a published menu; it
// follows its stream and redraws itself in place (components/menu-preview/live-board.tsx)
export default async function MenuPreviewPage({ params, searchParams }: Params) {
  const [{ menuId }, query] = await Promise.all([params, searchParams]);
  const preview = await loadPreviewMenu(menuId);
  if (!preview) notFound();
  const refresh = refreshSeconds(single(query.refresh));
  return (
    <>
      {/* React hoists this into <head>: a TV board reloads itself without any script. */}
      {refresh && <meta httpEquiv="refresh" content={String(refresh)} />}
      <LiveBoard initial={preview} theme={single(query.theme) === "dark" ? "dark" : "light"} />
    </>
  );
}
