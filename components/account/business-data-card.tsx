"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { ApiProblem, apiFetch, problemMessage } from "@/lib/client/api";
import type { ImportResponse } from "@/lib/portability/schemas";
import styles from "./account.module.css";

type Props = { canRestore: boolean };

/** How many of a bad file's errors are listed (the rest are counted). */
const SHOWN_ERRORS = 8;

/**
 * The business's data (venue-operations §6, decision 060), for owners: "Export everything" downloads
 * GET /api/v1/export; while the business has no location (a first run), "Restore from an export" sends
 * a file to POST /api/v1/import and then leads to the dashboard.
 */
export function BusinessDataCard({ canRestore }: Props) {
  const router = useRouter();
  const titleId = useId();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [restored, setRestored] = useState<ImportResponse | null>(null);

  const restore = useMutation({
    mutationFn: async (chosen: File) => {
      let body: unknown;
      try {
        body = JSON.parse(await chosen.text());
      } catch {
        throw new ApiProblem(422, "invalid_json", `${chosen.name} is not an export of Taproom: it is not JSON.`);
      }
      return (await apiFetch<{ import: ImportResponse }>("/api/v1/import", { method: "POST", body })).import;
    },
    onSuccess: (result) => {
      if (result.invitations.length === 0) {
        router.push("/dashboard");
        router.refresh();
      } else setRestored(result);
    },
  });
  const errors = restore.error instanceof ApiProblem ? restore.error.errors : [];

  return (
    <section className={`card ${styles.card}`} aria-labelledby={titleId} id="business-data">
      <h2 id={titleId} className={styles.cardTitle}>
        Your business's data
      </h2>
      <p className={styles.lead}>
        One file with every location, menu, event, opening hour, webhook and change, to keep or to move to another Taproom. No password,
        token or secret is in it.
      </p>
      <div className={styles.actions}>
        <a className="btn" href="/api/v1/export" download>
          Export everything
        </a>
      </div>
      {canRestore && !restored && (
        <form
          className={styles.restore}
          onSubmit={(event) => {
            event.preventDefault();
            if (file) restore.mutate(file);
          }}
        >
          <h3 className={styles.tokenLabel}>Restore from an export</h3>
          <p className={styles.tokenUse}>
            Your business has no location yet: bring everything in from an export of Taproom. Your team is invited again.
          </p>
          <label htmlFor={fileId} className={styles.fileLabel}>
            Export file (.json)
          </label>
          <input
            id={fileId}
            type="file"
            accept="application/json,.json"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              restore.reset();
            }}
          />
          <div className={styles.actions}>
            <button type="submit" className="btn btn--primary" disabled={!file || restore.isPending}>
              {restore.isPending ? "Restoring…" : "Restore"}
            </button>
          </div>
          {restore.isError && (
            <div role="alert" className={styles.problem}>
              <p>{problemMessage(restore.error)}</p>
              {errors.length > 0 && (
                <ul>
                  {errors.slice(0, SHOWN_ERRORS).map((error) => (
                    <li key={`${error.path ?? ""}${error.message}`}>
                      <code>{error.path}</code>: {error.message}
                    </li>
                  ))}
                  {errors.length > SHOWN_ERRORS && <li>and {errors.length - SHOWN_ERRORS} more</li>}
                </ul>
              )}
            </div>
          )}
        </form>
      )}
      {restored && (
        <div className={styles.restore} role="status">
          <h3 className={styles.tokenLabel}>Restored</h3>
          <p className={styles.tokenUse}>
            {restored.counts.locations ?? 0} locations and {restored.counts.menus ?? 0} menus are back. Send each person their new
            invitation link (shown this once; they choose a new password):
          </p>
          <ul className={styles.links}>
            {restored.invitations.map((invitation) => (
              <li key={invitation.email}>
                <strong>{invitation.email}</strong> ({invitation.role}): <code className={styles.link}>{invitation.url}</code>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                router.push("/dashboard");
                router.refresh();
              }}
            >
              Go to the dashboard
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
