"use client";

import { useRouter } from "next/navigation";
import { Field } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { createSessionBody } from "@/lib/auth/schemas/sessions";

export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const form = useZodForm(createSessionBody, { defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const { submit, failure } = useServerSubmit(form, async (values) => {
    await apiFetch("/api/session", { method: "POST", body: values });
    router.replace(next);
    router.refresh();
  });

  return (
    <form onSubmit={submit} noValidate>
      <Field label="Email" error={errors.email?.message}>
        {(props) => <input {...props} {...form.register("email")} type="email" autoComplete="username" className="input" />}
      </Field>
      <Field label="Password" error={errors.password?.message}>
        {(props) => <input {...props} {...form.register("password")} type="password" autoComplete="current-password" className="input" />}
      </Field>
      {failure && (
        <p role="alert" style={{ color: "var(--danger)", margin: "0 0 1rem" }}>
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn--primary" style={{ width: "100%" }} disabled={isSubmitting}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
