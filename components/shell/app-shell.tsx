"use client";

import Link from "next/link";
import { useParams, usePathname, useRouter } from "next/navigation";
import { lazy, type ReactNode, Suspense } from "react";
import styles from "./app-shell.module.css";
import type { LocationResponse } from "@/lib/locations/schemas";
import { type Action, may, type Role } from "@/lib/auth/permissions";

type ShellLocation = Pick<LocationResponse, "id" | "name" | "city">;

// The dark-boards banner reads the boards after the first paint (it is rarely shown): React.lazy keeps
// its code, and the API client under it, out of every page's first load.
const DarkBoardsBanner = lazy(() =>
  import("@/components/boards/dark-boards-banner").then((module) => ({ default: module.DarkBoardsBanner })),
);

/** A location's pages, each with the action its page needs (lib/auth/page-guards.ts answers 404 without it). */
/** `wide`: on desktops only (a phone's bar keeps two rows; the page is reached from Integrations there). */
const SECTIONS: readonly { slug: string; label: string; action: Action; wide?: true }[] = [
  { slug: "menus", label: "Menus", action: "read" },
  { slug: "86", label: "86'd", action: "read" },
  { slug: "taps", label: "Taps", action: "read" },
  { slug: "boards", label: "Boards", action: "read" },
  { slug: "events", label: "Events", action: "read" },
  { slug: "hours", label: "Hours", action: "read" },
  { slug: "insights", label: "Insights", action: "manage" },
  { slug: "webhooks", label: "Webhooks", action: "manage" },
  { slug: "pos", label: "Point of sale", action: "manage", wide: true },
  { slug: "activity", label: "Activity", action: "manage" },
];

/** The business's pages, beside the account link. */
const BUSINESS = [
  { href: "/locations", label: "Locations", action: "manage" },
  { href: "/team", label: "Team", action: "manage" },
  { href: "/integrations", label: "Integrations", action: "manage" },
] as const satisfies readonly { href: string; label: string; action: Action }[];

/** Header with the location switcher, the section navigation and the account menu: only what the role may open. */
export function AppShell({
  user,
  locations,
  children,
}: {
  user: { email: string; name: string; role: Role };
  locations: ShellLocation[];
  children: ReactNode;
}) {
  const sections = SECTIONS.filter(({ action }) => may(user.role, action));
  const business = BUSINESS.filter(({ action }) => may(user.role, action));
  // Typed nullable by Next.js (null outside the App Router); never null here.
  const params = useParams<{ locationId?: string }>();
  const pathname = usePathname() ?? "";
  const router = useRouter();
  const currentId = Number(params?.locationId) || locations[0]?.id;
  const section = pathname.split("/")[3] ?? "menus";

  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <header className={styles.header}>
        <Link href="/dashboard" className={styles.brand}>
          Taproom
        </Link>
        {locations.length > 0 && (
          <label className={styles.switcher}>
            <span className="visually-hidden">Location</span>
            <select
              className="select"
              value={currentId}
              onChange={(event) => {
                const slug = sections.some((s) => s.slug === section) ? section : "menus";
                router.push(`/locations/${event.target.value}/${slug}`);
              }}
            >
              {locations.map((location) => (
                <option key={location.id} value={location.id}>
                  {location.name}
                  {location.city ? ` · ${location.city}` : ""}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className={styles.account}>
          {business.length > 0 && (
            <nav className={styles.business} aria-label="Business">
              {business.map(({ href, label }) => (
                <Link key={href} href={href} className={styles.businessLink} aria-current={pathname === href ? "page" : undefined}>
                  {label}
                </Link>
              ))}
            </nav>
          )}
          {/* Says "account" at every width, and its name begins with what is on screen (WCAG 2.5.3): the
              person's name then "account" on wide screens, "Account" then the name at phone width. */}
          <Link href="/account" className={styles.accountLink} aria-current={pathname === "/account" ? "page" : undefined}>
            <span className={styles.accountName}>
              {user.name || user.email}
              <span className="visually-hidden"> (account)</span>
            </span>
            <span className={styles.accountShort}>
              Account<span className="visually-hidden"> — {user.name || user.email}</span>
            </span>
          </Link>
          {/* A plain form (POST /sign-out, decision 070): it ends the session and lands on the sign-in page
              (a full load: nothing of the signed-in app stays in memory). */}
          <form method="post" action="/sign-out" className={styles.signOut}>
            <button type="submit" className="btn btn--small">
              Sign out
            </button>
          </form>
        </div>
      </header>
      {currentId !== undefined && (
        <nav className={styles.nav} aria-label="Sections">
          {sections.map(({ slug, label, wide }) => {
            const href = `/locations/${currentId}/${slug}`;
            const current = pathname.startsWith(href);
            return (
              <Link
                key={slug}
                href={href}
                className={wide ? `${styles.navLink} ${styles.wideOnly}` : styles.navLink}
                aria-current={current ? "page" : undefined}
              >
                {label}
              </Link>
            );
          })}
        </nav>
      )}
      <main id="main" className={styles.main}>
        {currentId !== undefined && (
          <Suspense fallback={null}>
            <DarkBoardsBanner locationId={currentId} onBoardsPage={section === "boards"} />
          </Suspense>
        )}
        {children}
      </main>
    </div>
  );
}
