"use client";

import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import styles from "./locations.module.css";
import { searchZones, type ZoneOption } from "./zones";

// Enough matches to scroll through; a longer list means the query should be narrower.
const MAX_SHOWN = 80;

/**
 * A searchable list of IANA time zones (ARIA 1.2 combobox): type part of a city, region or offset
 * ("new york", "amst", "utc+1"); ↓/↑ move, Enter picks, Escape closes. The field's value is what is
 * typed, so a zone not on the list is the form's error to show, and nothing typed is thrown away.
 */
export function TimeZoneField({
  value,
  onChange,
  onBlur,
  label = "Time zone",
  error,
  hint,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  label?: string;
  error?: string;
  hint?: string;
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  // While the text is the chosen zone, opening the list shows every zone (the chosen one active).
  const [filtering, setFiltering] = useState(false);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const matches = useMemo<ZoneOption[]>(() => (open ? searchZones(filtering ? value : "") : []), [open, filtering, value]);
  const shown = filtering ? matches.slice(0, MAX_SHOWN) : matches;

  // Keep the active option in view as the keys move it, scrolling the list only (not the page); on
  // opening, the chosen zone sits in the middle of the list.
  const centre = useRef(false);
  useEffect(() => {
    const box = list.current;
    const option = box?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    if (!open || !box || !option) return;
    if (centre.current) {
      centre.current = false;
      box.scrollTop = option.offsetTop - (box.clientHeight - option.offsetHeight) / 2;
    } else if (option.offsetTop < box.scrollTop) {
      box.scrollTop = option.offsetTop;
    } else if (option.offsetTop + option.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = option.offsetTop + option.offsetHeight - box.clientHeight;
    }
  }, [open, active]);

  // The list floats over the form (opening it moves nothing under the pointer) and is fixed to the
  // viewport, so a dialog's scrolling edges do not clip it: placed under the input, or above it when
  // there is more room there, and kept in place while anything scrolls.
  const control = useRef<HTMLDivElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const anchor = control.current;
    const box = popup.current;
    if (!open || !anchor || !box) return;
    const place = () => {
      const rect = anchor.getBoundingClientRect();
      const below = window.innerHeight - rect.bottom - 8;
      const above = rect.top - 8;
      const up = below < 200 && above > below;
      box.style.left = `${rect.left}px`;
      box.style.width = `${rect.width}px`;
      box.style.top = up ? "" : `${rect.bottom + 4}px`;
      box.style.bottom = up ? `${window.innerHeight - rect.top + 4}px` : "";
      box.style.maxHeight = `${Math.max(120, Math.min(320, up ? above : below))}px`;
    };
    place();
    window.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, true);
      window.removeEventListener("resize", place);
    };
  }, [open]);

  function openList(fromTyping: boolean) {
    setFiltering(fromTyping);
    const all = fromTyping ? searchZones(value) : searchZones("");
    const current = fromTyping
      ? 0
      : Math.max(
          0,
          all.findIndex((zone) => zone.id === value),
        );
    setActive(current);
    centre.current = !fromTyping;
    setOpen(true);
  }

  function pick(zone: ZoneOption) {
    onChange(zone.id);
    setOpen(false);
    setFiltering(false);
  }

  const message = error && /^[a-z]/.test(error) ? `${label} ${error}` : error;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;

  return (
    <div className={styles.combo}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div ref={control} className={styles.comboControl}>
        <input
          ref={inputRef}
          id={id}
          className="input"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && shown[active] ? `${id}-opt-${active}` : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => {
            onChange(event.target.value);
            setFiltering(true);
            setActive(0);
            setOpen(true);
          }}
          onBlur={() => {
            setOpen(false);
            onBlur();
          }}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") {
              event.preventDefault();
              if (!open) openList(false);
              else setActive((index) => Math.min(index + 1, shown.length - 1));
            } else if (event.key === "ArrowUp") {
              event.preventDefault();
              if (open) setActive((index) => Math.max(index - 1, 0));
            } else if (event.key === "Enter" && open) {
              // Enter picks the active zone; with the list closed it submits the form as usual.
              event.preventDefault();
              const zone = shown[active];
              if (zone) pick(zone);
              else setOpen(false);
            } else if (event.key === "Escape" && open) {
              // Closes the list, not a dialog around it.
              event.preventDefault();
              event.stopPropagation();
              setOpen(false);
            }
          }}
        />
        <button
          type="button"
          className={styles.comboToggle}
          tabIndex={-1}
          aria-label={open ? "Close the list of time zones" : "Show all time zones"}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => (open ? setOpen(false) : openList(false))}
        >
          ▾
        </button>
      </div>
      <div ref={popup} className={styles.comboPopup} hidden={!open}>
        <div id={listId} ref={list} role="listbox" aria-label="Time zones" className={styles.comboList}>
          {shown.map((zone, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox pattern: focus stays in the input, which handles the keys and names the active option (aria-activedescendant)
            <div
              key={zone.id}
              id={`${id}-opt-${index}`}
              data-index={index}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={styles.comboOption}
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(zone)}
            >
              <span>
                {zone.city}
                {zone.region && <span className={styles.comboRegion}> · {zone.region}</span>}
              </span>
              <span className={styles.comboOffset}>{zone.offset}</span>
            </div>
          ))}
        </div>
        {open && shown.length === 0 && <p className={styles.comboNote}>No time zone matches “{value}”: try a city or a region.</p>}
        {open && shown.length < matches.length && (
          <p className={styles.comboNote}>{matches.length - shown.length} more: type more of a city or region to narrow the list.</p>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.fieldError}>
          {message}
        </p>
      )}
    </div>
  );
}
