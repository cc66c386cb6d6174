"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { PageHeader } from "@/components/shell/page-header";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { apiFetch, problemMessage } from "@/lib/client/api";
import { ApiExample } from "./api-example";
import { sessionTokensQuery } from "@/lib/client/queries/session";
import { PasswordCard } from "./password-card";
import { SessionsCard } from "./sessions-card";
import { TokensCard } from "./tokens-card";
import { useCopy } from "./use-copy";
import { BusinessDataCard } from "./business-data-card";
import { may, type Role } from "@/lib/auth/permissions";
import styles from "./account.module.css";

type Props = { user: { email: string; name: string; role: string }; locationId: number | null };

/**
 * The account page: who is signed in, the password and the signed-in devices, the API tokens (shown on
 * demand, resettable) and a first API call.
 */
export function AccountView({ user, locationId }: Props) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const copier = useCopy();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const tokens = useQuery({ ...sessionTokensQuery(), enabled: shown });

  const hide = () => {
    setShown(false);
    // Forget the secrets too, not just the markup.
    queryClient.removeQueries({ queryKey: sessionTokensQuery().queryKey });
  };

  const reset = useMutation({
    // DELETE /api/v1/sessions answers {status: "OK"}; the new pair is read afterwards.
    mutationFn: () => apiFetch<{ status: string }>("/api/v1/sessions", { method: "DELETE" }),
    onSuccess: () => {
      setConfirming(false);
      queryClient.removeQueries({ queryKey: sessionTokensQuery().queryKey });
      setShown(true);
      notify("Tokens reset. The old ones no longer work: paste the new ones into your integrations.");
    },
    onError: (error) => {
      setConfirming(false);
      notify(`The tokens were not reset. ${problemMessage(error)}`, { tone: "error" });
    },
  });

  return (
    <>
      <PageHeader title="Account" subtitle={user.email} />
      <div className={styles.layout}>
        <section className={`card ${styles.card}`} aria-labelledby="profile-title">
          <h2 id="profile-title" className={styles.cardTitle}>
            Profile
          </h2>
          <dl className={styles.profile}>
            <div>
              <dt>Name</dt>
              <dd>{user.name || "—"}</dd>
            </div>
            <div>
              <dt>Email</dt>
              <dd>{user.email}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd className={styles.role}>{user.role}</dd>
            </div>
          </dl>
        </section>
        <PasswordCard email={user.email} />
        <SessionsCard />
        <TokensCard
          shown={shown}
          query={tokens}
          copier={copier}
          resetting={reset.isPending}
          onShow={() => setShown(true)}
          onHide={hide}
          onReset={() => setConfirming(true)}
        />
        {may(user.role as Role, "own") && <BusinessDataCard canRestore={locationId === null} />}
        <ApiExample
          email={user.email}
          readOnlyToken={shown ? (tokens.data?.auth_token_read_only ?? null) : null}
          locationId={locationId}
          copier={copier}
        />
      </div>
      <ConfirmDialog
        open={confirming}
        title="Reset your API tokens?"
        message={
          <>
            <p>Both tokens are replaced at once.</p>
            <p>
              <strong>Every integration using the current tokens stops working</strong> (website, TV board, point of sale…) until you paste
              the new ones into it.
            </p>
          </>
        }
        confirmLabel="Reset tokens"
        busy={reset.isPending}
        onConfirm={() => reset.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
