"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { ErrorState } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { CopyBlock } from "./copy-block";
import type { TokenPair } from "@/lib/client/queries/session";
import type { useCopy } from "./use-copy";
import styles from "./account.module.css";

type Props = {
  shown: boolean;
  query: UseQueryResult<TokenPair>;
  copier: ReturnType<typeof useCopy>;
  resetting: boolean;
  onShow: () => void;
  onHide: () => void;
  onReset: () => void;
};

const TOKENS = [
  {
    key: "auth_token_read_only",
    id: "read-only",
    label: "Read-only token",
    use: "It reads everything you can, insights included, and cannot change anything. For a TV board or your website, make an integration key that can only read menus (menus:read) on the Integrations page instead.",
  },
  {
    key: "auth_token",
    id: "read-write",
    label: "Read-write token",
    use: "For back-end integrations you control, such as your point-of-sale system. It can change your menus, events and hours: never put it in a web page or an app.",
  },
] as const;

/** The API tokens: hidden until asked for (nothing secret is in the page's HTML), each with a Copy button. */
export function TokensCard({ shown, query, copier, resetting, onShow, onHide, onReset }: Props) {
  return (
    <section className={`card ${styles.card}`} aria-labelledby="tokens-title">
      <h2 id="tokens-title" className={styles.cardTitle}>
        API tokens
      </h2>
      <p className={styles.lead}>
        Integrations sign their requests with your email and one of these tokens (HTTP Basic authentication). Treat them like passwords.
      </p>
      <div id="token-list" className={styles.tokenList}>
        {TOKENS.map((token) => (
          <div key={token.id} className={styles.tokenRow}>
            <h3 className={styles.tokenLabel}>{token.label}</h3>
            <p className={styles.tokenUse}>{token.use}</p>
            {shown && query.data ? (
              <CopyBlock id={token.id} label={token.label.toLowerCase()} text={query.data[token.key]} copier={copier} />
            ) : shown && query.isPending ? (
              <div className={styles.tokenSkeleton} aria-hidden />
            ) : null}
          </div>
        ))}
        {shown && query.isPending && (
          <p role="status" className="visually-hidden">
            Loading your tokens
          </p>
        )}
        {shown && query.isError && (
          <ErrorState message={`Your tokens could not be loaded. ${problemMessage(query.error)}`} onRetry={() => void query.refetch()} />
        )}
      </div>
      <div className={styles.actions}>
        {shown ? (
          <button type="button" className="btn" onClick={onHide} aria-controls="token-list" aria-expanded>
            Hide tokens
          </button>
        ) : (
          <button type="button" className="btn btn--primary" onClick={onShow} aria-controls="token-list" aria-expanded={false}>
            Show tokens
          </button>
        )}
        <button type="button" className="btn btn--danger" onClick={onReset} disabled={resetting}>
          {resetting ? "Resetting…" : "Reset tokens"}
        </button>
      </div>
      <p className={styles.hint}>Reset them if one may have leaked: both are replaced at once and the old ones stop working immediately.</p>
    </section>
  );
}
