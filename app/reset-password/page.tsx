import type { Metadata } from "next";
import { AuthCard } from "@/components/sign-up/auth-card";
import { ExpiredLink, ResetPasswordForm } from "@/components/sign-up/reset-password-form";

export const metadata: Metadata = { title: "Choose a new password · Taproom" };

// GET /reset-password?token=… — the link mailed (or handed over by an owner); every session ends once it is used.
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const valid = typeof token === "string" && token.length > 0;
  return (
    <AuthCard
      title="Choose a new password"
      lead={valid ? "Setting it signs you out everywhere; then sign in with the new one." : undefined}
      footer={
        <p>
          <a href="/sign-in">Back to sign in</a>
        </p>
      }
    >
      {valid ? <ResetPasswordForm token={token} /> : <ExpiredLink />}
    </AuthCard>
  );
}
