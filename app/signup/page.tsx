import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AuthCard } from "@/components/sign-up/auth-card";
import styles from "@/components/sign-up/auth-card.module.css";
import { SignUpForm } from "@/components/sign-up/sign-up-form";
import { getPageUser } from "@/lib/auth/page-session";
import { signupOpen } from "@/lib/auth/signup";
import { signUp } from "./actions";

export const metadata: Metadata = { title: "Create your account · Taproom" };

const alreadyHaveOne = (
  <p>
    Already have an account? <a href="/sign-in">Sign in</a>
  </p>
);

// GET /signup — the sign-up page (decision 092), or that sign-up is closed; its form posts to its Server
// Action, with or without a script. A browser that is signed in goes on to the dashboard.
export default async function SignUpPage() {
  if (await getPageUser()) redirect("/dashboard");
  if (!signupOpen()) {
    return (
      <AuthCard
        title="Sign-up is closed"
        lead="This Taproom server does not take new businesses. If your business already uses it, ask one of its owners for an invitation."
        footer={alreadyHaveOne}
      >
        <a href="/sign-in" className={`btn btn--primary ${styles.submit}`}>
          Go to sign in
        </a>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Create your venue’s account"
      lead="Menus, events and hours for your bar, with a board for every screen. Setting up takes a couple of minutes."
      footer={alreadyHaveOne}
    >
      <SignUpForm action={signUp} />
    </AuthCard>
  );
}
