"use client";

import { useSyncExternalStore } from "react";
import { CopyBlock } from "./copy-block";
import type { useCopy } from "./use-copy";
import styles from "./account.module.css";

const TOKEN_PLACEHOLDER = "YOUR_READ_ONLY_TOKEN";

const subscribe = () => () => {};
/** This site's origin; during server rendering a placeholder (the server may sit behind a proxy). */
const useOrigin = () =>
  useSyncExternalStore(
    subscribe,
    () => window.location.origin,
    () => "https://your-taproom-address",
  );

type Props = { email: string; readOnlyToken: string | null; locationId: number | null; copier: ReturnType<typeof useCopy> };

/** A first request an integrator can paste into a terminal, with the real values once the tokens are shown. */
export function ApiExample({ email, readOnlyToken, locationId, copier }: Props) {
  const origin = useOrigin();
  const credentials = `'${email}:${readOnlyToken ?? TOKEN_PLACEHOLDER}'`;
  const lines = [
    "# Check the token: answers with your user",
    `curl -u ${credentials} \\`,
    `  ${origin}/api/v1/current_user`,
    ...(locationId === null
      ? []
      : ["", "# This venue's menus", `curl -u ${credentials} \\`, `  ${origin}/api/v1/locations/${locationId}/menus`]),
  ];
  return (
    <section className={`card ${styles.card}`} aria-labelledby="example-title">
      <h2 id="example-title" className={styles.cardTitle}>
        Call the API
      </h2>
      <p className={styles.lead}>
        {readOnlyToken
          ? "Paste this into a terminal. It uses your read-only token, so it can only read."
          : `Show your tokens above to fill in ${TOKEN_PLACEHOLDER}.`}
      </p>
      <CopyBlock id="example" label="example commands" text={lines.join("\n")} copier={copier} block />
      <p className={styles.lead}>
        Every route, its parameters and its answers: the <a href="/docs/api">API reference</a> (also as OpenAPI 3.1:{" "}
        <a href="/api/v1/openapi.json">
          <code>/api/v1/openapi.json</code>
        </a>
        ).
      </p>
    </section>
  );
}
