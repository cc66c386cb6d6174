"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useLocationCountry } from "@/components/menus/editor/size-options";
import { CatalogueLimitNotice, CatalogueLimitProvider } from "./catalogue-limit";
import { CatalogueSearch } from "./catalogue-search";
import { CustomItemForm } from "./custom-item-form";
import type { AddedItem } from "./use-add-item";
import styles from "./add-item.module.css";

type Tab = "search" | "custom";
const TABS: { id: Tab; label: string }[] = [
  { id: "search", label: "Search the beer catalogue" },
  { id: "custom", label: "Custom item" },
];

type Props = {
  open: boolean;
  onClose: () => void;
  sectionId: number;
  /** The section's location: when the catalogue comes back is said on its clock (the section id alone decides where items go). */
  locationId: number;
  currencySymbol: string;
  onAdded: (item: unknown) => void;
  /** Beers already in the section: their results say "On this menu" instead of offering "Add". */
  existingUntappdIds?: number[];
  /** The menu is published: a catalogue beer asks for its price before it goes on. */
  published?: boolean;
};

/** Adds beers from the catalogue (two clicks: the section's "Add beer", then "Add") or custom items to a section. */
export function AddItemDialog({ open, onClose, locationId, ...rest }: Props) {
  // A price asked for first starts on the location's country's sizes (decision 088).
  const country = useLocationCountry(locationId) ?? null;
  return (
    <Dialog open={open} onClose={onClose} title="Add to this section" wide>
      {/* Mounted only while open, so every opening starts with an empty search. */}
      <CatalogueLimitProvider locationId={locationId}>
        <AddItemBody {...rest} country={country} />
      </CatalogueLimitProvider>
    </Dialog>
  );
}

function AddItemBody({
  sectionId,
  currencySymbol,
  onAdded,
  existingUntappdIds = [],
  published = false,
  country,
}: Omit<Props, "open" | "onClose" | "locationId"> & { country: string | null }) {
  const baseId = useId();
  const searchRef = useRef<HTMLInputElement>(null);
  const tabRefs = useRef<Record<Tab, HTMLButtonElement | null>>({ search: null, custom: null });
  const [tab, setTab] = useState<Tab>("search");
  const [addedIds, setAddedIds] = useState<number[]>([]);
  const [lastAdded, setLastAdded] = useState<{ name: string; count: number } | null>(null);
  // Bumped by "Add … as a custom item": remounts the form with that name, focused.
  const [customDraft, setCustomDraft] = useState({ name: "", version: 0 });

  // The dialog opens (showModal) in its own effect, after this one: focus the box on the next frame.
  useEffect(() => {
    const frame = requestAnimationFrame(() => searchRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const onMenuIds = new Set([...existingUntappdIds, ...addedIds]);

  function added(item: AddedItem) {
    if (item.untappd_id !== null) setAddedIds((ids) => [...ids, item.untappd_id!]);
    setLastAdded((last) => ({ name: item.name, count: (last?.count ?? 0) + 1 }));
    onAdded(item);
  }

  function select(next: Tab, focus = false) {
    setTab(next);
    if (focus) tabRefs.current[next]?.focus();
  }

  // Tabs pattern: arrow keys move between tabs (and select them), Home/End jump to the ends.
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>) {
    const index = TABS.findIndex((t) => t.id === tab);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1 + TABS.length, Home: 0, End: TABS.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(TABS[target % TABS.length]!.id, true);
  }

  return (
    <div className={styles.body}>
      <div role="tablist" aria-label="How to add" className={styles.tabs}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(node) => {
              tabRefs.current[t.id] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${baseId}-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={styles.tab}
            onClick={() => select(t.id)}
            onKeyDown={onTabKey}
          >
            {t.label}
          </button>
        ))}
      </div>

      <CatalogueLimitNotice />
      <p className={styles.added} role="status" aria-live="polite">
        {lastAdded && (
          <>
            <span aria-hidden="true">✓ </span>Added {lastAdded.name}
            {lastAdded.count > 1 && <span className={styles.addedCount}> ({lastAdded.count} added so far)</span>}
          </>
        )}
      </p>

      <div role="tabpanel" id={`${baseId}-panel-search`} aria-labelledby={`${baseId}-tab-search`} hidden={tab !== "search"}>
        <CatalogueSearch
          sectionId={sectionId}
          onMenuIds={onMenuIds}
          inputRef={searchRef}
          onAdded={added}
          priceFirst={published ? { currencySymbol, country } : null}
          onAddAsCustom={(name) => {
            setCustomDraft((draft) => ({ name, version: draft.version + 1 }));
            setTab("custom");
          }}
        />
      </div>
      <div role="tabpanel" id={`${baseId}-panel-custom`} aria-labelledby={`${baseId}-tab-custom`} hidden={tab !== "custom"}>
        <CustomItemForm
          key={customDraft.version}
          sectionId={sectionId}
          currencySymbol={currencySymbol}
          initialName={customDraft.name}
          autoFocus={customDraft.version > 0}
          onAdded={added}
        />
      </div>
    </div>
  );
}
