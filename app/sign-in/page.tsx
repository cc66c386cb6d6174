import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Providers } from "@/app/providers";
import { SignInForm } from "@/components/sign-in-form";
import { AuthCard, AuthNotice } from "@/components/sign-up/auth-card";
import { getPageUser, safeNextPath } from "@/lib/auth/page-session";
import { signupOpen } from "@/lib/auth/signup";

export const metadata: Metadata = { title: "Sign in · Taproom" };

// What brought the person here, said at the top of the card (?notice=…).
const NOTICES: Record<string, string> = {
  "password-reset": "Your password was changed. Sign in with the new one.",
  "signed-out-everywhere": "You were signed out on every device.",
};

// GET /sign-in — email and password; already signed in goes straight on.
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[]; notice?: string | string[] }>;
}) {
  const { next, notice } = await searchParams;
  const target = safeNextPath(typeof next === "string" ? next : undefined);
  if (await getPageUser()) redirect(target);
  const message = typeof notice === "string" ? NOTICES[notice] : undefined;
  return (
    <Providers>
      <AuthCard
        title="Sign in to your venue"
        footer={
          <>
            <p>
              <a href="/forgot-password">Forgot your password?</a>
            </p>
            {signupOpen() && (
              <p>
                New to Taproom? <a href="/signup">Create an account</a>
              </p>
            )}
          </>
        }
      >
        {message && <AuthNotice>{message}</AuthNotice>}
        <SignInForm next={target} />
      </AuthCard>
    </Providers>
  );
}
