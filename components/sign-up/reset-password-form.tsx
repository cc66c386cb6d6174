"use client";

import { useState } from "react";
import { z } from "zod";
import { Field } from "@/components/ui/field";
import { ApiProblem, apiFetch } from "@/lib/client/api";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { newPasswordInput } from "@/lib/auth/schemas/signup";
import { AuthProblem } from "./auth-card";
import { checkPassword, PASSWORD_HINT } from "@/lib/auth/password-rules";
import styles from "./auth-card.module.css";
import { KeepKeysBox } from "@/components/account/keep-keys-box";

const resetForm = z.object({ password: newPasswordInput, keep_api_keys: z.boolean() }).superRefine(checkPassword("password"));

/**
 * A new password with the link's token (POST /api/v1/password_resets/complete), then sign in with it.
 * The API tokens and integration keys end with it unless the box to keep them is ticked (decision 075).
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useZodForm(resetForm, { defaultValues: { password: "", keep_api_keys: false } });
  const { errors, isSubmitting } = form.formState;
  const [expired, setExpired] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const { submit, failure } = useServerSubmit(form, async ({ password, keep_api_keys }) => {
    try {
      await apiFetch("/api/v1/password_resets/complete", { method: "POST", body: { token, password, keep_api_keys } });
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 410) {
        setExpired(true);
        return;
      }
      throw error;
    }
    setLeaving(true);
    // A full load: nothing of the signed-in app stays in memory.
    window.location.replace("/sign-in?notice=password-reset");
  });

  if (expired) return <ExpiredLink />;
  const busy = isSubmitting || leaving;
  // method="post": a press before the page's script has run reloads the page, never putting what was
  // typed (a password) in the address.
  return (
    <form method="post" onSubmit={submit} noValidate aria-busy={busy}>
      <Field label="New password" error={errors.password?.message} hint={PASSWORD_HINT}>
        {(props) => <input {...props} {...form.register("password")} type="password" autoComplete="new-password" className="input" />}
      </Field>
      <KeepKeysBox field={form.register("keep_api_keys")} />
      <AuthProblem>{failure}</AuthProblem>
      <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={busy}>
        {busy ? "Saving…" : "Set new password"}
      </button>
    </form>
  );
}

/** A link that was used, has expired, or never worked (no token): ask for a new one. */
export function ExpiredLink() {
  return (
    <>
      <AuthProblem>This link has expired or was used: ask for a new one.</AuthProblem>
      <a href="/forgot-password" className={`btn btn--primary ${styles.submit}`}>
        Ask for a new link
      </a>
    </>
  );
}
