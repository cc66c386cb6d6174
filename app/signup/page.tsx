import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Providers } from "@/app/providers";
import { AuthCard } from "@/components/sign-up/auth-card";
import { SignUpForm } from "@/components/sign-up/sign-up-form";
import { getPageUser } from "@/lib/auth/page-session";
import { signupOpen } from "@/lib/auth/signup";

export const metadata: Metadata = { title: "Create your account · Taproom" };

// GET /signup — a new business and its owner; then the first run (/welcome). Signed in goes straight on.
export default async function SignUpPage() {
  if (await getPageUser()) redirect("/dashboard");
  if (!signupOpen()) {
    return (
      <AuthCard
        title="Sign-up is closed"
        lead="This Taproom server does not take new businesses. If your business already uses it, ask one of its owners for an invitation."
        footer={
          <p>
            Already have an account? <a href="/sign-in">Sign in</a>
          </p>
        }
      >
        <a href="/sign-in" className="btn btn--primary" style={{ width: "100%" }}>
          Go to sign in
        </a>
      </AuthCard>
    );
  }
  return (
    <Providers>
      <AuthCard
        title="Create your venue’s account"
        lead="Menus, events and hours for your bar, with a board for every screen. Setting up takes a couple of minutes."
        footer={
          <p>
            Already have an account? <a href="/sign-in">Sign in</a>
          </p>
        }
      >
        <SignUpForm />
      </AuthCard>
    </Providers>
  );
}
