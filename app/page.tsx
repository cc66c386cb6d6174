import { redirect } from "next/navigation";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/server/env";
import { getPageUser } from "@/lib/auth/page-session";
import { hasAnyBusiness, signupOpen } from "@/lib/auth/signup";
import styles from "./page.module.css";

const endpoints = [
  ["POST", "/api/v1/sessions", "log in with email and password, get your tokens"],
  ["GET", "/api/v1/current_user", "check a token"],
  ["GET", "/api/v1/locations", "your venues"],
  ["GET", "/api/v1/locations/:id/events", "events, in the venue's time zone"],
  ["GET", "/api/v1/locations/:id/hours", "opening hours, Monday first"],
  ["GET", "/api/v1/container_sizes", "pints, cans, bottles and glasses"],
  ["GET", "/api/v1/locations/:id/menus", "menus, in order"],
  ["GET", "/api/v1/menus/:id?full=true", "a whole menu for a board or a website"],
  ["PATCH", "/api/v1/sections/:id/items/positions", "reorder a section in one batch"],
];

// GET / — what the server is, and the way into the dashboard. A fresh install with no business at all
// (DEMO_DATA=false) has nobody to sign in: it leads to sign-up, the first owner's way in.
export default async function Home() {
  const user = await getPageUser();
  if (!user && !(await hasAnyBusiness(await getDb()))) redirect("/signup");
  const { DEMO_DATA } = env();
  return (
    <main className={styles.main}>
      <p className={styles.kicker}>Taproom</p>
      <h1 className={styles.title}>Your venue&rsquo;s menus, events and hours, in one place.</h1>
      <p className={styles.lead}>
        The venue API is running. Integrations (POS systems, websites, TV menu boards) call it with Basic auth: your email and a token.
      </p>
      <p className={styles.cta}>
        {user ? (
          <a href="/dashboard" className="btn btn--primary">
            Open the dashboard
          </a>
        ) : (
          <a href="/sign-in" className="btn btn--primary">
            Sign in to the dashboard
          </a>
        )}
        {!user && signupOpen() && (
          <a href="/signup" className="btn">
            Create an account
          </a>
        )}
        {!user && DEMO_DATA && (
          <span className={styles.ctaNote}>
            Demo: <code>owner@demo.test</code> / <code>demo-owner-pass</code>
          </span>
        )}
      </p>
      <section className={styles.card} aria-labelledby="start">
        <h2 id="start">Start here</h2>
        <ol className={styles.steps}>
          <li>
            Get your tokens: <code>POST /api/v1/sessions</code> with <code>{'{"email", "password"}'}</code>.
          </li>
          <li>
            Call the API: <code>curl -u you@example.com:TOKEN {"<this host>"}/api/v1/current_user</code>.
          </li>
          <li>Use the read-only token on public pages and the read-write token in back-end integrations.</li>
          <li>
            Every route, parameter and answer: the <a href="/docs/api">API reference</a>, generated from{" "}
            <a href="/api/v1/openapi.json">
              <code>/api/v1/openapi.json</code>
            </a>{" "}
            (OpenAPI 3.1: generate a typed client from it).
          </li>
        </ol>
      </section>
      <section className={styles.card} aria-labelledby="routes">
        <h2 id="routes">Routes</h2>
        <table className={styles.table}>
          <tbody>
            {endpoints.map(([method, path, what]) => (
              <tr key={`${method} ${path}`}>
                <td>
                  <span className={styles.method}>{method}</span>
                </td>
                <td>
                  <code>{path}</code>
                </td>
                <td>{what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </main>
  );
}
