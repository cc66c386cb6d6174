"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";

// The Menus page's "Import…" button. The wizard (zod, react-hook-form) is loaded when the dialog opens,
// keeping it out of the page's first-load JavaScript (the menu board's budget).
const ImportWizard = dynamic(() => import("./import-dialog").then((module) => module.ImportWizard), { ssr: false });

export function ImportButton({ locationId, locationName }: { locationId: number; locationName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setOpen(true)}>
        Import…
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Import from your current menu service" wide>
        {open && <ImportWizard locationId={locationId} locationName={locationName} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}
