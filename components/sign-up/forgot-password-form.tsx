"use client";

import { useState } from "react";
import { Field } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { requestPasswordResetBody } from "@/lib/auth/schemas/password-resets";
import { AuthNotice, AuthProblem } from "./auth-card";
import styles from "./auth-card.module.css";

/**
 * Asks for a reset link (POST /api/v1/password_resets). The answer is the same whether or not the
 * address has an account, and so is what the page says; a server that sends no mail says so, since no
 * link will come: an owner of the business can make one from the Team page.
 */
export function ForgotPasswordForm() {
  const form = useZodForm(requestPasswordResetBody, { defaultValues: { email: "" } });
  const { errors, isSubmitting } = form.formState;
  const [sent, setSent] = useState<{ email: string; mailEnabled: boolean } | null>(null);

  const { submit, failure } = useServerSubmit(form, async (values) => {
    const answer = await apiFetch<{ mail_enabled: boolean }>("/api/v1/password_resets", { method: "POST", body: values });
    setSent({ email: values.email, mailEnabled: answer.mail_enabled });
  });

  if (sent) {
    return sent.mailEnabled ? (
      <>
        <AuthNotice>If the address has an account, a link is on its way.</AuthNotice>
        <p>
          Check the inbox of <strong>{sent.email}</strong> (and its spam folder). The link works once, for an hour.
        </p>
        <button type="button" className="btn" onClick={() => setSent(null)}>
          Use another address
        </button>
      </>
    ) : (
      <>
        <AuthProblem>This server does not send mail, so no link will arrive.</AuthProblem>
        <p>Ask an owner of your business for a reset link: they can make one from the Team page and hand it to you.</p>
      </>
    );
  }

  // method="post": a press before the page's script has run reloads the page, never putting what was
  // typed (a password) in the address.
  return (
    <form method="post" onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <Field label="Email" error={errors.email?.message}>
        {(props) => <input {...props} {...form.register("email")} type="email" autoComplete="email" className="input" />}
      </Field>
      <AuthProblem>{failure}</AuthProblem>
      <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={isSubmitting}>
        {isSubmitting ? "Sending…" : "Send me a reset link"}
      </button>
    </form>
  );
}
