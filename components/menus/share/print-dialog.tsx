"use client";

import { useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { LAYOUTS, type Layout, PAPERS, type Paper, paperOf } from "@/lib/menus/schemas/off-screen";
import styles from "./menu-share.module.css";

const PAPER_NAMES: Record<Paper, string> = { letter: "US Letter", a4: "A4" };
const LAYOUT_NAMES: Record<Layout, string> = { list: "List", columns: "Two columns", "tap-list": "Tap list (numbers first)" };

/**
 * Print (venue-operations §9): the menu in force now as the server's PDF, previewed in a frame, with
 * its paper and layout; Download keeps the file, and the browser's viewer prints it.
 */
export function PrintDialog({
  open,
  onClose,
  menuId,
  menuName,
  country,
}: {
  open: boolean;
  onClose: () => void;
  menuId: number;
  menuName: string;
  country: string | null;
}) {
  const [paper, setPaper] = useState<Paper>(paperOf(country));
  const [layout, setLayout] = useState<Layout>("list");
  const paperId = useId();
  const layoutId = useId();
  const url = `/api/v1/menus/${menuId}/print.pdf?paper=${paper}&layout=${layout}`;
  return (
    <Dialog open={open} onClose={onClose} title={`Print ${menuName}`} wide>
      <div className={styles.body}>
        <div className={styles.choices}>
          <label htmlFor={paperId} className={styles.choice}>
            Paper
            <select id={paperId} className="select" value={paper} onChange={(event) => setPaper(event.target.value as Paper)}>
              {PAPERS.map((value) => (
                <option key={value} value={value}>
                  {PAPER_NAMES[value]}
                </option>
              ))}
            </select>
          </label>
          <label htmlFor={layoutId} className={styles.choice}>
            Layout
            <select id={layoutId} className="select" value={layout} onChange={(event) => setLayout(event.target.value as Layout)}>
              {LAYOUTS.map((value) => (
                <option key={value} value={value}>
                  {LAYOUT_NAMES[value]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <p className={styles.muted}>What guests see now: items 86’d, hidden sections and anything off its schedule are left out.</p>
        {open && <iframe key={url} className={styles.preview} src={url} title={`Print preview of ${menuName}`} />}
        <div className={styles.actions}>
          <a className="btn btn--primary" href={url} target="_blank" rel="noopener">
            Open to print<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          <a className="btn" href={url} download>
            Download PDF
          </a>
        </div>
      </div>
    </Dialog>
  );
}
