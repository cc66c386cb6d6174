// What the sign-in and sign-up forms show after a press (decision 092): the state their Server Action
// answers, read by the forms in the browser (components/sign-up/) and written by lib/auth/way-in/.

/** Field name → what is wrong with it (a schema's fragment, "is required", follows the label). */
export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

/** The sign-in form after a press: the email typed (never the password), what was wrong. */
export type SignInState = { email: string; errors: FieldErrors<"email" | "password">; failure: string | null };

export const SIGN_IN_START: SignInState = { email: "", errors: {}, failure: null };

/** The fields of the sign-up form that come back after a press (all but the password). */
export type SignUpValues = { business_name: string; name: string; email: string };

/** The sign-up form after a press: what was typed but the password, what was wrong. */
export type SignUpState = { values: SignUpValues; errors: FieldErrors<keyof SignUpValues | "password">; failure: string | null };

export const SIGN_UP_START: SignUpState = { values: { business_name: "", name: "", email: "" }, errors: {}, failure: null };
