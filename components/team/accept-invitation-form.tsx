"use client";

import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Field } from "@/components/ui/field";
import { ApiProblem, apiFetch } from "@/lib/client/api";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { acceptInvitationBody } from "@/lib/team/schemas";
import { PASSWORD_HINT, passwordRuleProblem } from "@/lib/auth/password-rules";

const EXPIRED = "This invitation has expired or was already used: ask the owner for a new one.";

/** The rules the browser can check (lib/auth/password-rules.ts), at once; the guessability estimate stays on the server. */
const formFor = (email: string) =>
  acceptInvitationBody.superRefine(({ password }, ctx) => {
    const problem = passwordRuleProblem(password, email);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });

/** Name and password for the invited person's account; on success they are signed in and go to their first location. */
export function AcceptInvitationForm({ token, email, businessName }: { token: string; email: string; businessName: string }) {
  const router = useRouter();
  const schema = useMemo(() => formFor(email.toLowerCase()), [email]);
  const form = useZodForm(schema, { defaultValues: { token, name: "", password: "" } });
  const { errors, isSubmitting } = form.formState;
  const [expired, setExpired] = useState(false);

  const { submit, failure } = useServerSubmit(form, async (values) => {
    try {
      await apiFetch("/api/session/accept-invitation", { method: "POST", body: values });
    } catch (error) {
      if (error instanceof ApiProblem && error.status === 410) {
        setExpired(true);
        return;
      }
      throw error;
    }
    // The dashboard's home opens the first location's menu editor.
    router.replace("/dashboard");
    router.refresh();
  });

  if (expired) {
    return (
      <p role="alert" style={{ margin: 0, fontWeight: 600 }}>
        {EXPIRED}
      </p>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <input type="hidden" {...form.register("token")} />
      {/* For password managers: the account this password belongs to. */}
      <input type="email" name="username" value={email} autoComplete="username" readOnly hidden />
      <Field label="Your name" error={errors.name?.message} hint="As your team will see it in the activity and on the team page.">
        {(props) => <input {...props} {...form.register("name")} className="input" autoComplete="name" />}
      </Field>
      <Field label="Password" error={errors.password?.message} hint={PASSWORD_HINT}>
        {(props) => <input {...props} {...form.register("password")} type="password" className="input" autoComplete="new-password" />}
      </Field>
      {failure && (
        <p role="alert" style={{ color: "var(--danger)", margin: "0 0 1rem", fontWeight: 600 }}>
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn--primary" style={{ width: "100%" }} disabled={isSubmitting}>
        {isSubmitting ? "Joining…" : `Join ${businessName || "the team"}`}
      </button>
    </form>
  );
}
