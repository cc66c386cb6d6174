import type { CSSProperties, ReactNode, RefObject } from "react";
import type { MenuTreeResponse } from "@/lib/menus/schemas/menus";
import { PreviewItem } from "./preview-item";
import styles from "./menu-preview.module.css";

type Section = MenuTreeResponse["sections"][number];

/** What the live board adds: the elements it measures, the page it shows, and its connection state. */
export type BoardFrame = {
  pageRef: RefObject<HTMLDivElement | null>;
  frameRef: RefObject<HTMLDivElement | null>;
  columnsRef: RefObject<HTMLDivElement | null>;
  /** Set while fitted to the screen (use-fit.ts). */
  fontSize: number | null;
  /** How far the columns are moved to show the current page, in px. */
  offset: number;
  status: ReactNode;
};

type Props = {
  menu: MenuTreeResponse;
  location: { name: string; city: string | null; currency: string };
  draft: boolean;
  /** A signed-in user of the menu's business: told what guests do not see. */
  staff: boolean;
  theme: "light" | "dark";
  board?: BoardFrame;
};

function PreviewSection({ section, title, currency }: { section: Section; title: string; currency: string }) {
  return (
    <section aria-label={title} className={styles.section}>
      <h2 className={styles.sectionName}>{title}</h2>
      {section.description && <p className={styles.sectionDescription}>{section.description}</p>}
      {section.items.length === 0 ? (
        <p className={styles.sectionEmpty}>Nothing here right now.</p>
      ) : (
        <ul className={styles.items}>
          {section.items.map((item) => (
            <PreviewItem key={item.id} item={item} currency={currency} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A menu the way guests and TV boards see it: public sections in order, then what is coming soon. */
export function MenuPreview({ menu, location, draft, staff, theme, board }: Props) {
  const shown = menu.sections.filter((section) => section.public);
  const hidden = menu.sections.filter((section) => !section.public);
  const comingSoon = menu.on_deck_section && menu.on_deck_section.items.length > 0 ? menu.on_deck_section : null;
  const place = [location.name, location.city].filter(Boolean).join(", ");
  const pageStyle: CSSProperties | undefined = board?.fontSize ? { fontSize: `${board.fontSize}px` } : undefined;
  const columnsStyle: CSSProperties | undefined = board?.offset ? { transform: `translateX(${-board.offset}px)` } : undefined;
  return (
    <div
      ref={board?.pageRef}
      className={theme === "dark" ? `${styles.page} ${styles.dark}` : styles.page}
      data-theme={theme}
      style={pageStyle}
      data-fit={board?.fontSize ? "" : undefined}
    >
      {draft && (
        <p className={styles.draft} role="note">
          <strong>Draft — guests can&apos;t see this menu yet.</strong> Publish it on the menu board to show it here.
        </p>
      )}
      <main className={styles.main}>
        <header className={styles.header}>
          <p className={styles.place}>{place}</p>
          <h1 className={styles.title}>{menu.name}</h1>
          {menu.description && <p className={styles.description}>{menu.description}</p>}
        </header>
        {staff && hidden.length > 0 && (
          <p className={styles.staffNote} role="note">
            Not shown to guests (section not public): {hidden.map((section) => section.name || "Untitled section").join(", ")}.
          </p>
        )}
        {shown.length === 0 && !comingSoon ? (
          <p className={styles.sectionEmpty}>This menu has nothing on it yet.</p>
        ) : (
          <div className={styles.frame} ref={board?.frameRef}>
            <div className={styles.sections} ref={board?.columnsRef} style={columnsStyle}>
              {shown.map((section) => (
                <PreviewSection key={section.id} section={section} title={section.name || "Menu"} currency={location.currency} />
              ))}
              {comingSoon && <PreviewSection section={comingSoon} title="Coming soon" currency={location.currency} />}
            </div>
          </div>
        )}
      </main>
      <footer className={styles.footer}>
        {menu.footer && <p className={styles.footerText}>{menu.footer}</p>}
        <p className={styles.footerMeta}>
          {location.name} · Prices in {location.currency}
        </p>
        {board?.status}
      </footer>
    </div>
  );
}
