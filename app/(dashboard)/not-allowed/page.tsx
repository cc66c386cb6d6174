import type { Metadata } from "next";
import Link from "next/link";
import { requirePageUser } from "@/lib/auth/page-session";
import { pageRefusal } from "@/lib/auth/page-guards";
import type { Role } from "@/lib/auth/permissions";
import { PageHeader } from "@/components/shell/page-header";

export const metadata: Metadata = { title: "Not for your role · Taproom" };

// GET /not-allowed?page=insights — where a member lands who opened a page their role does not open
// (issue 49 row 10: staff got a bare 404): it says who may open it and what to do. The page's name comes
// from a fixed list (lib/auth/page-guards.ts), never from the query's text.
export default async function NotAllowedPage({ searchParams }: { searchParams: Promise<{ page?: string | string[] }> }) {
  const user = await requirePageUser("/dashboard");
  const { page } = await searchParams;
  const refusal = pageRefusal(typeof page === "string" ? page : "", user.role as Role);
  return (
    <>
      <PageHeader title={refusal.title} />
      <div className="card">
        <p>{refusal.who}</p>
        <p>
          You are signed in as {user.name || user.email}, with the {user.role} role. An owner can change roles on the Team page.
        </p>
        <p>
          <Link href="/dashboard">Back to the dashboard</Link>
        </p>
      </div>
    </>
  );
}
