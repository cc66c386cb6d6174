"use client";

import { useParams, useSearchParams } from "next/navigation";
import { LiveDisplay } from "@/components/menus/preview/live-display";
import styles from "@/components/menus/preview/menu-preview.module.css";
import { idFromSegment, readDisplayOptions } from "@/lib/menus/display-options";

// A missing menu, someone else's draft and a malformed id all look the same from outside (404). A TV
// that opened a well-formed link waits in its theme (and keeps its ?refresh and its layout) and shows
// the menu as soon as it is published (live-menus §5); a malformed link can never become a menu.
export default function MenuNotFound() {
  const { menuId } = useParams<{ menuId: string }>();
  // Read without zod: this page is in the board's first load (decision 068).
  const { refresh, ...options } = readDisplayOptions(Object.fromEntries(useSearchParams()));
  const id = idFromSegment(menuId);
  if (id === null) {
    return (
      <div className={styles.page}>
        <main className={`${styles.main} ${styles.notFound}`}>
          <h1 className={styles.title}>This menu isn&apos;t available</h1>
          <p className={styles.description}>The link may be wrong, or the menu is not published yet.</p>
        </main>
      </div>
    );
  }
  return (
    <>
      {refresh && <meta httpEquiv="refresh" content={String(refresh)} />}
      <LiveDisplay menuId={id} initial={null} options={options} />
    </>
  );
}
