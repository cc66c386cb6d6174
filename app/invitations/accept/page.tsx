import type { Metadata } from "next";
import Link from "next/link";
import { Providers } from "@/app/providers";
import { AcceptInvitationForm } from "@/components/team/accept-invitation-form";
import { ROLE_LABEL, ROLE_WORDS } from "@/components/team/format";
import { getDb } from "@/lib/db/client";
import { worksEverywhere } from "@/lib/auth/permissions";
import { peekInvitation } from "@/lib/team/invitations";
import styles from "./accept.module.css";

export const metadata: Metadata = { title: "Join your team · Taproom", robots: { index: false, follow: false } };

const listWords = (words: string[]) => (words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`);

// GET /invitations/accept?token=… — public: the invitation's business, role and locations, and the
// form that makes the account (POST /api/session/accept-invitation signs the new member in).
export default async function AcceptInvitationPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  const invitation = typeof token === "string" && token.length > 0 ? await peekInvitation(await getDb(), token) : null;
  return (
    <Providers>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby="accept-title">
          <p className={styles.brand}>Taproom</p>
          {invitation && typeof token === "string" ? (
            <>
              <h1 id="accept-title" className={styles.title}>
                Join {invitation.businessName || "your team"}
              </h1>
              <dl className={styles.facts}>
                <div>
                  <dt>Role</dt>
                  <dd>
                    <strong>{ROLE_LABEL[invitation.role]}</strong> · {ROLE_WORDS[invitation.role]}
                  </dd>
                </div>
                <div>
                  <dt>Locations</dt>
                  <dd>{worksEverywhere(invitation.role) ? "Every location" : listWords(invitation.locationNames)}</dd>
                </div>
                <div>
                  <dt>Your email</dt>
                  <dd>{invitation.email}</dd>
                </div>
              </dl>
              <AcceptInvitationForm token={token} email={invitation.email} businessName={invitation.businessName} />
            </>
          ) : (
            <>
              <h1 id="accept-title" className={styles.title}>
                This invitation can no longer be used
              </h1>
              <p className={styles.lead} role="alert">
                This invitation has expired or was already used: ask the owner for a new one.
              </p>
              <p className={styles.lead}>
                Already joined? <Link href="/sign-in">Sign in</Link>.
              </p>
            </>
          )}
        </section>
      </main>
    </Providers>
  );
}
