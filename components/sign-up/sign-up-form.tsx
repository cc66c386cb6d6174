"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { ApiProblem, apiFetch } from "@/lib/client/api";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { signupBody } from "@/lib/auth/schemas/signup";
import { AuthProblem } from "./auth-card";
import { checkPassword, PASSWORD_HINT } from "./password-rules";
import styles from "./auth-card.module.css";

// The API's own schema, plus the password rules a browser can check (the common-password one is the server's).
const signupForm = signupBody.superRefine(checkPassword("password", "email"));

/** A new business and its owner in one step: POST /api/session/signup signs the owner in, then the first run. */
export function SignUpForm() {
  const router = useRouter();
  const [leaving, setLeaving] = useState(false);
  const form = useZodForm(signupForm, { defaultValues: { business_name: "", name: "", email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const { submit, failure } = useServerSubmit(form, async (values) => {
    try {
      await apiFetch("/api/session/signup", { method: "POST", body: values });
    } catch (error) {
      // A taken email is the email field's problem, where the person is looking.
      if (error instanceof ApiProblem && error.code === "email_taken") {
        form.setError("email", { type: "server", message: error.message }, { shouldFocus: true });
        return;
      }
      throw error;
    }
    // Busy until the next page shows: a second press would be a 409.
    setLeaving(true);
    router.replace("/welcome");
    router.refresh();
  });

  const busy = isSubmitting || leaving;
  // method="post": a press before the page's script has run reloads the page, never putting what was
  // typed (a password) in the address.
  return (
    <form method="post" onSubmit={submit} noValidate aria-busy={busy}>
      <Field label="Business name" error={errors.business_name?.message} hint="Your bar, brewery or restaurant group.">
        {(props) => <input {...props} {...form.register("business_name")} autoComplete="organization" className="input" />}
      </Field>
      <Field label="Your name" error={errors.name?.message}>
        {(props) => <input {...props} {...form.register("name")} autoComplete="name" className="input" />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(props) => <input {...props} {...form.register("email")} type="email" autoComplete="email" className="input" />}
      </Field>
      <Field label="Password" error={errors.password?.message} hint={PASSWORD_HINT}>
        {(props) => <input {...props} {...form.register("password")} type="password" autoComplete="new-password" className="input" />}
      </Field>
      <AuthProblem>{failure}</AuthProblem>
      <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={busy}>
        {busy ? "Creating your account…" : "Create account"}
      </button>
    </form>
  );
}
