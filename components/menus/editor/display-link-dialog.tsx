"use client";

import { useEffect, useId, useRef, useState } from "react";
import { CopyBlock } from "@/components/account/copy-block";
import { useCopy } from "@/components/account/use-copy";
import { Dialog } from "@/components/ui/dialog";
import type { MenuSummary } from "@/lib/client/queries/menus";
import {
  DISPLAY_FIELD_DEFAULTS,
  DISPLAY_FIELDS,
  type DisplayFields,
  type DisplayLayout,
  type DisplayLook,
  type DisplayTheme,
  displayPath,
} from "@/lib/menus/schemas/preview";
import { useVenueTime } from "@/lib/client/use-venue-time";
import { GuestsAtPicker } from "./guests-at-picker";
import styles from "./display-link-dialog.module.css";

// The TV board's settings (decision 054): the board reads them from its link, so choosing them here is
// building that link. A manager picks the layout, theme and fields, sees the board as a 1080p TV shows
// it, and copies the link (or opens it) for the TV's browser.

const LAYOUTS: { value: DisplayLayout; name: string; words: string }[] = [
  { value: "full", name: "Full", words: "Label, name, brewery, style, description and prices." },
  { value: "compact", name: "Compact", words: "One line a beer: tap, name, style, ABV and prices. More beers a page." },
];
const THEMES: { value: DisplayTheme; name: string }[] = [
  { value: "light", name: "Light" },
  { value: "dark", name: "Dark" },
];
const FIELD_NAMES: Record<keyof DisplayFields, string> = {
  brewery_place: "Brewery and its town",
  almost_gone: "“Almost gone” beside beers whose keg is low",
  description: "Descriptions",
  labels: "Labels",
};

/** The TV's 1920×1080 board, drawn at the width of its box. */
function BoardThumbnail({ src, title }: { src: string; title: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setScale((entry?.contentRect.width ?? 0) / 1920));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={box} className={styles.thumbnail}>
      {scale > 0 && (
        <iframe
          className={styles.frame}
          style={{ transform: `scale(${scale})` }}
          src={src}
          title={title}
          width={1920}
          height={1080}
          tabIndex={-1}
          loading="lazy"
        />
      )}
    </div>
  );
}

export function DisplayLinkDialog({ open, onClose, menu }: { open: boolean; onClose: () => void; menu: MenuSummary }) {
  return (
    <Dialog open={open} onClose={onClose} title={`TV board: ${menu.name}`} wide>
      <BoardLinkForm menu={menu} onDone={onClose} />
    </Dialog>
  );
}

function BoardLinkForm({ menu, onDone }: { menu: MenuSummary; onDone: () => void }) {
  const id = useId();
  const copier = useCopy();
  const [options, setOptions] = useState<DisplayLook>({
    layout: "full",
    theme: "light",
    fields: DISPLAY_FIELD_DEFAULTS.full,
  });
  const venue = useVenueTime(menu.location_id);
  const [at, setAt] = useState<string | null>(null);
  const path = displayPath(menu.id, options);
  // The TV's link is always live; the picture (and "Open board") may show another time.
  const shown = at ? `${path}${path.includes("?") ? "&" : "?"}at=${encodeURIComponent(at)}` : path;
  const url = `${window.location.origin}${path}`;
  return (
    <div className={styles.form}>
      <BoardThumbnail src={shown} title={`${menu.name} as a 1920×1080 TV shows it`} />
      {menu.unpublished && (
        <p className={styles.note}>
          This menu is a draft: a TV on this link says the menu isn&apos;t available, and shows it as soon as you publish it.
        </p>
      )}
      <div className={styles.choices}>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Layout</legend>
          {LAYOUTS.map((layout) => (
            <label key={layout.value} className={styles.option}>
              <input
                type="radio"
                name={`${id}-layout`}
                value={layout.value}
                checked={options.layout === layout.value}
                // A layout comes with its own fields (the full board shows them all, the compact one none).
                onChange={() => setOptions({ ...options, layout: layout.value, fields: DISPLAY_FIELD_DEFAULTS[layout.value] })}
              />
              <span>
                <span className={styles.optionName}>{layout.name}</span>
                <span className={styles.optionWords}>{layout.words}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Theme</legend>
          {THEMES.map((theme) => (
            <label key={theme.value} className={styles.option}>
              <input
                type="radio"
                name={`${id}-theme`}
                value={theme.value}
                checked={options.theme === theme.value}
                onChange={() => setOptions({ ...options, theme: theme.value })}
              />
              <span className={styles.optionName}>{theme.name}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Show</legend>
          {DISPLAY_FIELDS.map((field) => (
            <label key={field} className={styles.option}>
              <input
                type="checkbox"
                checked={options.fields[field]}
                onChange={(event) => setOptions({ ...options, fields: { ...options.fields, [field]: event.target.checked } })}
              />
              <span className={styles.optionName}>{FIELD_NAMES[field]}</span>
            </label>
          ))}
        </fieldset>
        <GuestsAtPicker venue={venue} onChange={setAt} />
      </div>
      <p className={styles.linkLabel}>Link for the TV&apos;s browser</p>
      <CopyBlock id="board-link" label="board link" text={url} copier={copier} />
      <div className={styles.actions}>
        <a className="btn" href={shown} target="_blank" rel="noopener">
          Open board<span className="visually-hidden"> (opens in a new tab)</span>
          <span aria-hidden="true"> ↗</span>
        </a>
        <button type="button" className="btn btn--primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
