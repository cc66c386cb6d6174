"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { LocationForm } from "@/components/locations/location-form";
import { useToast } from "@/components/ui/toast";
import type { LocationSummary } from "@/lib/client/queries/locations";
import { FirstMenuStep } from "./first-menu-step";
import styles from "./welcome.module.css";

type Props = {
  userName: string;
  businessName: string;
  /** The location made in step 1 when the page is opened (or reloaded) at step 2: /welcome?location=ID. */
  location: { id: number; name: string } | null;
};

/**
 * The first run of a new owner: (1) the first location, (2) its first menu; each step may be skipped,
 * and the end is the location's menu editor. Focus moves to each step's heading as it appears, so a
 * keyboard or screen-reader user is told where they are.
 */
export function WelcomeFlow({ userName, businessName, location: initial }: Props) {
  const router = useRouter();
  const notify = useToast();
  const [location, setLocation] = useState(initial);
  const step = location ? 2 : 1;
  const heading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    // Not on first paint (the first field has focus then): when the step changes.
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus();
  }, [step]);

  const firstName = userName.trim().split(/\s+/)[0];
  return (
    <div className={styles.welcome}>
      <p className={styles.kicker}>Welcome{firstName ? `, ${firstName}` : ""}</p>
      <h1 className={styles.title}>Let’s set up {businessName || "your venue"}</h1>
      <p className={styles.lead}>Two short steps to your first menu. Either can wait: skip it and come back later.</p>
      {step === 1 && (
        <p className={styles.lead}>
          Moving from another Taproom? <a href="/account#business-data">Restore from an export</a> instead.
        </p>
      )}
      <ol className={styles.steps} aria-label="Steps">
        <li className={`${styles.step} ${step > 1 ? styles.stepDone : ""}`} aria-current={step === 1 ? "step" : undefined}>
          Your first location{step > 1 && <span className="visually-hidden"> (done)</span>}
        </li>
        <li className={styles.step} aria-current={step === 2 ? "step" : undefined}>
          Your first menu
        </li>
      </ol>
      <section className={`card ${styles.card}`} aria-labelledby="welcome-step">
        {step === 1 ? (
          <>
            <h2 id="welcome-step" ref={heading} tabIndex={-1} className={styles.stepTitle}>
              Where do you pour?
            </h2>
            <p className={styles.stepLead}>One location is one venue. Add more later from the Locations page.</p>
            <LocationForm
              location={null}
              submitLabel="Continue"
              busyLabel="Saving…"
              autoFocus
              secondary={
                <button type="button" className="btn btn--ghost" onClick={() => router.push("/locations")}>
                  Skip for now
                </button>
              }
              onSaved={(saved: LocationSummary) => {
                setLocation({ id: saved.id, name: saved.name });
                // A reload (or Back) comes back to step 2 of this location, not to a second location.
                router.replace(`/welcome?location=${saved.id}`, { scroll: false });
              }}
            />
          </>
        ) : (
          <>
            <h2 id="welcome-step" ref={heading} tabIndex={-1} className={styles.stepTitle}>
              The first menu for {location!.name}
            </h2>
            <p className={styles.stepLead}>Start from a shape that fits, then add your drinks on the Menus page.</p>
            <FirstMenuStep
              locationId={location!.id}
              skip={
                <button type="button" className="btn btn--ghost" onClick={() => router.push(`/locations/${location!.id}/menus`)}>
                  Skip for now
                </button>
              }
              onCreated={(menu) => {
                notify(`“${menu.name}” is ready. Add your drinks, then publish it when it looks right.`);
                router.push(`/locations/${location!.id}/menus?menu=${menu.id}`);
              }}
            />
          </>
        )}
      </section>
    </div>
  );
}
