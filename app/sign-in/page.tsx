import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Providers } from "@/app/providers";
import { SignInForm } from "@/components/sign-in-form";
import { getPageUser, safeNextPath } from "@/lib/auth/page-session";
import styles from "./sign-in.module.css";

export const metadata: Metadata = { title: "Sign in · Taproom" };

// GET /sign-in — email and password; already signed in goes straight on.
export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const target = safeNextPath(typeof next === "string" ? next : undefined);
  if (await getPageUser()) redirect(target);
  return (
    <Providers>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="sign-in-title">
          <p className={styles.brand}>Taproom</p>
          <h1 id="sign-in-title" className={styles.title}>
            Sign in to your venue
          </h1>
          <SignInForm next={target} />
        </section>
      </main>
    </Providers>
  );
}
