"use client";

import { useActionState } from "react";
import { Field } from "@/components/ui/field";
import { SIGN_IN_START, type SignInState } from "@/lib/auth/schemas/way-in";
import { firstProblem, useFirstProblemFocused } from "./first-problem";
import styles from "./auth-card.module.css";

/**
 * The sign-in form (decision 092): its action is a Server Action, so it posts without a script too (the
 * page comes back with what was wrong, or a 303 on to `next`). With the script, the button says it is
 * sending and takes no second press.
 */
export function SignInForm({ action, next }: { action: (state: SignInState, form: FormData) => Promise<SignInState>; next: string }) {
  const [state, formAction, pending] = useActionState(action, SIGN_IN_START);
  const form = useFirstProblemFocused(state === SIGN_IN_START ? null : state);
  const first = firstProblem(["email", "password"], state.errors);
  return (
    <form ref={form} action={formAction} noValidate aria-busy={pending}>
      <input type="hidden" name="next" value={next} />
      <Field label="Email" error={state.errors.email}>
        {(props) => (
          <input
            {...props}
            name="email"
            type="email"
            autoComplete="username"
            defaultValue={state.email}
            autoFocus={first === "email"}
            className="input"
          />
        )}
      </Field>
      <Field label="Password" error={state.errors.password}>
        {(props) => (
          <input
            {...props}
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus={first === "password"}
            className="input"
          />
        )}
      </Field>
      {state.failure && (
        <p role="alert" className={styles.failure}>
          {state.failure}
        </p>
      )}
      <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}
