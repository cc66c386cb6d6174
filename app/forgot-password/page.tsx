import type { Metadata } from "next";
import { AuthCard } from "@/components/sign-up/auth-card";
import { ForgotPasswordForm } from "@/components/sign-up/forgot-password-form";

export const metadata: Metadata = { title: "Forgot your password? · Taproom" };

// GET /forgot-password — ask for a reset link by mail.
export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter the email you sign in with. We will send a link to choose a new password."
      footer={
        <p>
          Remembered it? <a href="/sign-in">Sign in</a>
        </p>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
