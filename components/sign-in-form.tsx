"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Field } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { applyServerErrors, useZodForm } from "@/lib/client/use-zod-form";
import { createSessionBody } from "@/lib/schemas/sessions";

export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm(createSessionBody, { defaultValues: { email: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await apiFetch("/api/session", { method: "POST", body: values });
      router.replace(next);
      router.refresh();
    } catch (error) {
      setFailure(applyServerErrors(form, error));
    }
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
