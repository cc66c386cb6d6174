"use server";

import { getDb } from "@/lib/db/client";
import type { SignInState } from "@/lib/auth/schemas/way-in";
import { actionRequest, finish } from "@/lib/auth/way-in/action";
import { formFields } from "@/lib/auth/way-in/forms";
import { submitSignIn } from "@/lib/auth/way-in/sign-in";

// The sign-in form's Server Action (decision 092): the rules are lib/auth/way-in/sign-in.ts's.
export async function signIn(_state: SignInState, form: FormData): Promise<SignInState> {
  const fields = formFields(form, ["email", "password", "next"]);
  return finish(await submitSignIn(await getDb(), await actionRequest("/sign-in"), fields));
}
