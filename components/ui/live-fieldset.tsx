"use client";

import type { ReactNode } from "react";
import { useInBrowser } from "@/lib/client/use-in-browser";
import styles from "./ui.module.css";

/**
 * A form's fields, disabled until the page's script runs. A page reached by a full load (after a
 * sign-in or sign-up posted without a script, a link opened anew) is drawn before it hydrates; text typed into a field then would be
 * overwritten when the form takes its fields over, so on a slow phone nothing can be typed until the
 * form can keep it. (`autoFocus` does not reach a field that was disabled when it mounted: focus it in
 * an effect on `useInBrowser()` instead.) The fieldset leaves the form's layout as it is.
 */
export function LiveFieldset({ children }: { children: ReactNode }) {
  const live = useInBrowser();
  return (
    <fieldset className={styles.liveFieldset} disabled={!live} aria-busy={!live || undefined}>
      {children}
    </fieldset>
  );
}
