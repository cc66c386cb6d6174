"use client";

import { lazy, Suspense, useState } from "react";
import { Dialog } from "@/components/ui/dialog";

// The Menus page's "Import…" button. The wizard (zod, react-hook-form) is loaded when the dialog opens,
// keeping it out of the page's first-load JavaScript (the menu editor's budget; React.lazy, as the board
// itself, so next/dynamic's own code stays out of it too).
const ImportWizard = lazy(() => import("./import-dialog").then((module) => ({ default: module.ImportWizard })));

export function ImportButton({ locationId, locationName }: { locationId: number; locationName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Import…
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Import from your current menu service" wide>
        {open && (
          <Suspense fallback={<p role="status">Loading the import…</p>}>
            <ImportWizard locationId={locationId} locationName={locationName} onDone={() => setOpen(false)} />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
