"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { PASSWORD_HINT } from "@/lib/auth/password-rules";
import { SIGN_UP_START, type SignUpState } from "@/lib/auth/schemas/way-in";
import { AuthProblem } from "./auth-card";
import { firstProblem, useFirstProblemFocused } from "./first-problem";
import styles from "./auth-card.module.css";

/**
 * The sign-up form (decision 092): its action is a Server Action, so it posts without a script too (the
 * page comes back with what was wrong, or a 303 to the first run). With the script, the button says it is
 * sending and takes no second press (a second sign-up would be a 409).
 */
export function SignUpForm({ action }: { action: (state: SignUpState, form: FormData) => Promise<SignUpState> }) {
  const [state, formAction, pending] = useActionState(action, SIGN_UP_START);
  const form = useFirstProblemFocused(state === SIGN_UP_START ? null : state);
  const { values, errors } = state;
  const first = firstProblem(["business_name", "name", "email", "password"], errors);
  return (
    <form ref={form} action={formAction} noValidate aria-busy={pending}>
      <Field label="Business name" hint="Your bar, brewery or restaurant group." error={errors.business_name}>
        {(props) => (
          <input
            {...props}
            name="business_name"
            autoComplete="organization"
            defaultValue={values.business_name}
            autoFocus={first === "business_name"}
            className="input"
          />
        )}
      </Field>
      <Field label="Your name" error={errors.name}>
        {(props) => (
          <input {...props} name="name" autoComplete="name" defaultValue={values.name} autoFocus={first === "name"} className="input" />
        )}
      </Field>
      <Field label="Email" error={errors.email}>
        {(props) => (
          <input
            {...props}
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={values.email}
            autoFocus={first === "email"}
            className="input"
          />
        )}
      </Field>
      <Field label="Password" hint={PASSWORD_HINT} error={errors.password}>
        {(props) => (
          <input
            {...props}
            name="password"
            type="password"
            autoComplete="new-password"
            autoFocus={first === "password"}
            className="input"
          />
        )}
      </Field>
      <AuthProblem>{state.failure}</AuthProblem>
      <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={pending}>
        {pending ? "Creating your account…" : "Create account"}
      </button>
    </form>
  );
}
