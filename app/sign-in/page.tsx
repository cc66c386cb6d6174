import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard, AuthNotice } from "@/components/sign-up/auth-card";
import { SignInForm } from "@/components/sign-up/sign-in-form";
import { getPageUser, safeNextPath } from "@/lib/auth/page-session";
import { signupOpen } from "@/lib/auth/signup";
import { signInNotice } from "@/lib/auth/way-in/sign-in";
import { signIn } from "./actions";

export const metadata: Metadata = { title: "Sign in · Taproom" };

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// GET /sign-in?next=…&notice=… — the sign-in page (decision 092): its form posts to its Server Action,
// with or without a script; a browser that is signed in goes straight on to `next` (a path on this site).
export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string | string[]; notice?: string | string[] }>;
}) {
  const query = await searchParams;
  const next = safeNextPath(one(query.next));
  if (await getPageUser()) redirect(next);
  const notice = signInNotice(one(query.notice));
  return (
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
      {notice && <AuthNotice>{notice}</AuthNotice>}
      <SignInForm action={signIn} next={next} />
    </AuthCard>
  );
}
