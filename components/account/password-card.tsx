"use client";

import { useId, useMemo } from "react";
import { PASSWORD_HINT, passwordRuleProblem } from "@/lib/auth/password-rules";
import { Field } from "@/components/ui/field";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/client/api";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import styles from "./account.module.css";
import { KeepKeysBox } from "./keep-keys-box";

/**
 * The API's schema, with the password rules a browser can check (the common-password one is the
 * server's); loaded apart from the page, which draws this form first (decision 068).
 */
const loadPasswordForm = (email: string) => async () =>
  (await import("@/lib/auth/schemas/account-security")).changePasswordBody.superRefine(({ current_password, new_password }, ctx) => {
    const problem =
      passwordRuleProblem(new_password, email) ??
      (new_password && new_password === current_password ? "must differ from your current password" : null);
    if (problem) ctx.addIssue({ code: "custom", path: ["new_password"], message: problem });
  });

/**
 * Change password (POST /api/v1/current_user/password): this browser stays signed in, every other
 * session ends, and so do the API tokens and integration keys unless the box to keep them is ticked
 * (decision 075). A wrong current password or a refused new one comes back on its field (422).
 */
export function PasswordCard({ email }: { email: string }) {
  const notify = useToast();
  const titleId = useId();
  const schema = useMemo(() => loadPasswordForm(email), [email]);
  const form = useZodForm(schema, { defaultValues: { current_password: "", new_password: "", keep_api_keys: false } });
  const { errors, isSubmitting } = form.formState;
  const { submit, failure } = useServerSubmit(form, async ({ current_password, new_password, keep_api_keys }) => {
    await apiFetch("/api/v1/current_user/password", { method: "POST", body: { current_password, new_password, keep_api_keys } });
    form.reset();
    notify(
      keep_api_keys
        ? "Password changed. Every other device was signed out; this one stays signed in. Your API tokens and integration keys keep working."
        : "Password changed. Every other device was signed out, and your API tokens and integration keys stopped working; this one stays signed in.",
    );
  });

  return (
    <section className={`card ${styles.card}`} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        Password
      </h2>
      {/* method="post": a press before the page's script has run reloads the page, never putting what was typed in the address. */}
      <form method="post" onSubmit={submit} noValidate aria-busy={isSubmitting} className={styles.passwordForm}>
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <Field label="Current password" error={errors.current_password?.message}>
          {(props) => (
            <input {...props} {...form.register("current_password")} type="password" autoComplete="current-password" className="input" />
          )}
        </Field>
        <Field label="New password" error={errors.new_password?.message} hint={PASSWORD_HINT}>
          {(props) => <input {...props} {...form.register("new_password")} type="password" autoComplete="new-password" className="input" />}
        </Field>
        <KeepKeysBox field={form.register("keep_api_keys")} />
        {failure && (
          <p role="alert" className={styles.failure}>
            {failure}
          </p>
        )}
        <div className={styles.actions}>
          <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
            {isSubmitting ? "Changing…" : "Change password"}
          </button>
        </div>
      </form>
      <p className={styles.hint}>
        Changing it signs you out on every other device and, unless you keep them, ends your API tokens and the integration keys you made.
      </p>
    </section>
  );
}
