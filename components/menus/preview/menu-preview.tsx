import type { CSSProperties, ReactNode, RefObject } from "react";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import type { DisplayLayout, DisplayLook, PreviewResponse } from "@/lib/menus/schemas/preview";
import type { ColumnPart } from "./paginate";
import { type ItemLook, PreviewItem } from "./preview-item";
import { type GuestWords, guestWords, statementOf, wordsSpeak } from "@/lib/shared/guest-words";
import { amountWidth, type PriceColumn, priceColumns, sizeWidth } from "./price-columns";
import type { BoardFit } from "./use-fit";
import styles from "./menu-preview.module.css";

type Section = MenuTreeResponse["sections"][number];
/**
 * A section as the board shows it: its title, its sizes as price columns (null: each price with its
 * size) and, for those, the width of a column (`--pv-cell`).
 */
type Shown = { section: Section; title: string; columns: PriceColumn[] | null; style: CSSProperties | undefined };

function shownSection(section: Section, title: string, { currency, layout }: { currency: string; layout: DisplayLayout }): Shown {
  const columns = priceColumns(section.items);
  if (!columns) return { section, title, columns, style: undefined };
  const amounts = amountWidth(section.items, currency);
  const width = layout === "compact" ? Math.max(amounts, sizeWidth(columns)) : amounts;
  return { section, title, columns, style: { "--pv-cell": `calc(var(--pv-main) * ${width})` } as CSSProperties };
}

/** What the live board adds: the elements it measures, its fit, the page it shows, and its connection state. */
export type BoardFrame = {
  pageRef: RefObject<HTMLDivElement | null>;
  frameRef: RefObject<HTMLDivElement | null>;
  flowRef: RefObject<HTMLDivElement | null>;
  fit: BoardFit;
  /** False while the flow is laid out to be measured (use-fit.ts): the pages are drawn after. */
  current: boolean;
  /** The page shown, from 0. */
  page: number;
  status: ReactNode;
};

type Props = Omit<PreviewResponse, "time_zone" | "clock"> & {
  options: DisplayLook;
  board?: BoardFrame;
};

/** The sizes over their columns of amounts; each price says its size to a screen reader itself. */
function PriceHead({ columns }: { columns: PriceColumn[] | null }) {
  if (!columns) return null;
  return (
    <div
      className={styles.priceHead}
      style={{ "--pv-price-columns": columns.length } as CSSProperties}
      aria-hidden="true"
      data-price-head=""
    >
      {columns.map((column) => (
        <span key={column.key}>{column.label}</span>
      ))}
    </div>
  );
}

function SectionHead({ shown, words, continued = false }: { shown: Shown; words: GuestWords; continued?: boolean }) {
  const { section, title, columns } = shown;
  return (
    <div className={styles.sectionHead} data-head="">
      <div className={styles.headRow}>
        <h2 className={styles.sectionName}>
          {title}
          {continued && <span className={styles.continued}> {words.continued("").trim()}</span>}
        </h2>
        <PriceHead columns={columns} />
      </div>
      {!continued && section.description && <p className={styles.sectionDescription}>{section.description}</p>}
      {section.items.length === 0 && <p className={styles.sectionEmpty}>{words.nothing_here}</p>}
    </div>
  );
}

/** One section whole, in the flow: the scrolling page, and what the TV measures (with its heading "continued"). */
function FlowSection({ shown, look }: { shown: Shown; look: ItemLook }) {
  const { section, title } = shown;
  return (
    <section aria-label={title} style={shown.style} data-flow-section="">
      <SectionHead shown={shown} words={look.words} />
      <div className={styles.measureOnly} aria-hidden="true" data-continued-head="">
        <SectionHead shown={shown} words={look.words} continued />
      </div>
      {section.items.length > 0 && (
        <ul className={styles.items}>
          {section.items.map((item) => (
            <PreviewItem key={item.id} item={item} look={look} columns={shown.columns} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A run of a section's items in one column of a page, under its heading (or its heading "continued"). */
function SectionPart({ shown, part, look }: { shown: Shown; part: ColumnPart; look: ItemLook }) {
  const items = shown.section.items.slice(part.from, part.to);
  return (
    <section
      aria-label={part.continued ? look.words.continued(shown.title) : shown.title}
      style={shown.style}
      data-continued={part.continued ? "" : undefined}
    >
      <SectionHead shown={shown} words={look.words} continued={part.continued} />
      {items.length > 0 && (
        <ul className={styles.items}>
          {items.map((item) => (
            <PreviewItem key={item.id} item={item} look={look} columns={shown.columns} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A menu the way guests and TV boards see it: public sections in order, then what is coming soon. */
export function MenuPreview({ menu, location, draft, staff, options, board, almost_gone }: Props) {
  const shown: Shown[] = menu.sections
    .filter((section) => section.public)
    .map((section) => shownSection(section, section.name || "Menu", { currency: location.currency, layout: options.layout }));
  const hidden = menu.sections.filter((section) => !section.public);
  const comingSoon = menu.on_deck_section && menu.on_deck_section.items.length > 0 ? menu.on_deck_section : null;
  // The board's own words in its language when the catalogue has it, else English (decision 100).
  const words = guestWords(location.language);
  const ownLang = wordsSpeak(words, location.language) ? undefined : words.language;
  // The notes only the venue's staff see stay English.
  const staffLang = /^en(-|$)/i.test(location.language) ? undefined : "en";
  if (comingSoon) shown.push(shownSection(comingSoon, words.coming_soon, { currency: location.currency, layout: options.layout }));
  const place = [location.name, location.city].filter(Boolean).join(", ");
  const look: ItemLook = {
    layout: options.layout,
    fields: options.fields,
    currency: location.currency,
    country: location.country_name,
    low: almost_gone,
    labelling: location.labelling,
    words,
    ownLang,
  };
  const fit = board?.fit.mode === "paged" ? board.fit : null;
  const pages = fit && board?.current ? fit.pages : null;
  const pageStyle = fit ? ({ "--pv-s": `${fit.size}px` } as CSSProperties) : undefined;
  const stripStyle: CSSProperties | undefined = fit && board?.page ? { transform: `translateX(${-board.page * fit.pitch}px)` } : undefined;
  const columnsStyle: CSSProperties | undefined = fit ? { gridTemplateColumns: `repeat(${fit.columns}, minmax(0, 1fr))` } : undefined;
  return (
    <div
      ref={board?.pageRef}
      className={options.theme === "dark" ? `${styles.page} ${styles.dark}` : styles.page}
      data-theme={options.theme}
      data-layout={options.layout}
      lang={location.language}
      style={pageStyle}
      data-fit={fit ? "" : undefined}
    >
      {draft && (
        <p className={styles.draft} role="note" lang={staffLang}>
          <strong>Draft — guests can&apos;t see this menu yet.</strong> Publish it on the Menus page to show it here.
        </p>
      )}
      <main className={styles.main}>
        <header className={styles.header}>
          <p className={styles.place}>{place}</p>
          <h1 className={styles.title}>{menu.name}</h1>
          {menu.description && <p className={styles.description}>{menu.description}</p>}
        </header>
        {staff && hidden.length > 0 && (
          <p className={styles.staffNote} role="note" lang={staffLang}>
            Not shown to guests (section not public): {hidden.map((section) => section.name || "Untitled section").join(", ")}.
          </p>
        )}
        {shown.length === 0 ? (
          <p className={styles.sectionEmpty} lang={ownLang}>
            {words.empty_menu}
          </p>
        ) : (
          <div className={styles.frame} ref={board?.frameRef}>
            {pages ? (
              // Keyed apart from the flow: the flow's measured width must not stay on the strip.
              <div key="pages" className={styles.pages} style={stripStyle}>
                {pages.map((columns, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a page is its place in the order
                  <div key={index} className={styles.boardPage} style={columnsStyle} data-page={index + 1}>
                    {columns.map((parts, column) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a column is its place on the page
                      <div key={column} className={styles.column}>
                        {parts.map((part) => (
                          <SectionPart key={`${part.section}-${part.from}`} shown={shown[part.section]!} part={part} look={look} />
                        ))}
                      </div>
                    ))}
                  </div>
                ))}
              </div>
            ) : (
              <div key="flow" className={styles.sections} ref={board?.flowRef}>
                {shown.map((entry) => (
                  <FlowSection key={entry.section.id} shown={entry} look={look} />
                ))}
              </div>
            )}
          </div>
        )}
      </main>
      <footer className={styles.footer}>
        {menu.footer && <p className={styles.footerText}>{menu.footer}</p>}
        {statementOf(words, location.labelling) && (
          <p className={styles.footerText} lang={ownLang}>
            {statementOf(words, location.labelling)}
          </p>
        )}
        <p className={styles.footerMeta}>
          {location.name} · <span lang={ownLang}>{words.prices_in(location.currency)}</span>
        </p>
        {board?.status}
      </footer>
    </div>
  );
}
