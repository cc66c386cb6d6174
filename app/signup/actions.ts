"use server";

import { getDb } from "@/lib/db/client";
import type { SignUpState } from "@/lib/auth/schemas/way-in";
import { actionRequest, finish } from "@/lib/auth/way-in/action";
import { formFields } from "@/lib/auth/way-in/forms";
import { SIGN_UP_FIELDS, submitSignUp } from "@/lib/auth/way-in/sign-up";

// The sign-up form's Server Action (decision 092): the rules are lib/auth/way-in/sign-up.ts's.
export async function signUp(_state: SignUpState, form: FormData): Promise<SignUpState> {
  return finish(await submitSignUp(await getDb(), await actionRequest("/signup"), formFields(form, SIGN_UP_FIELDS)));
}
