"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import styles from "./account.module.css";

/** Sign out everywhere (DELETE /api/v1/current_user/sessions): every browser session ends, this one too. */
export function SessionsCard() {
  const notify = useToast();
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const end = useMutation({
    mutationFn: () => apiFetch("/api/v1/current_user/sessions", { method: "DELETE" }),
    onSuccess: () => {
      // A full load: nothing of the signed-in app stays in memory.
      window.location.replace("/sign-in?notice=signed-out-everywhere");
    },
    onError: (error) => {
      setConfirming(false);
      notify(`You are still signed in everywhere. ${problemMessage(error)}`, { tone: "error" });
    },
  });

  return (
    <section className={`card ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        Signed-in devices
      </h2>
      <p className={styles.lead}>
        Left the dashboard open on a shared computer, or lost a phone? Sign out on every browser at once, this one included.
      </p>
      <div className={styles.actions}>
        <button type="button" className="btn" onClick={() => setConfirming(true)} disabled={end.isPending}>
          {end.isPending ? "Signing out…" : "Sign out everywhere"}
        </button>
      </div>
      <p className={styles.hint}>Your API tokens keep working: reset them below if one may have leaked.</p>
      <ConfirmDialog
        open={confirming}
        title="Sign out everywhere?"
        message={<p>Every browser signed in to your account is signed out, this one too. You then sign in again here.</p>}
        confirmLabel="Sign out everywhere"
        busy={end.isPending}
        onConfirm={() => end.mutate()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
