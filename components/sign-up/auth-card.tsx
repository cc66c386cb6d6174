import type { ReactNode } from "react";
import styles from "./auth-card.module.css";

/**
 * The frame of the pages a person sees before they are signed in (sign-in, sign-up, password reset):
 * one card in the middle of the page, a title, the form, and the links to the other ways in below it.
 */
export function AuthCard({ title, lead, footer, children }: { title: string; lead?: ReactNode; footer?: ReactNode; children: ReactNode }) {
  return (
    <main className={styles.main}>
      <section className={styles.card} aria-labelledby="auth-title">
        <a href="/" className={styles.brand}>
          Taproom
        </a>
        <h1 id="auth-title" className={styles.title}>
          {title}
        </h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </section>
    </main>
  );
}

/** A success note at the top of a card ("Your password was changed…"), announced when it appears. */
export function AuthNotice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={styles.notice}>
      {children}
    </p>
  );
}

/** The form-level problem (one no field took), announced when it appears. */
export function AuthProblem({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={styles.problem}>
      {children}
    </p>
  );
}
