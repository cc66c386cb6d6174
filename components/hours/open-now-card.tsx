"use client";

import { DateTime } from "luxon";
import { type Clock, formatSpecialDay, timeOf, zoneAbbreviation } from "@/lib/shared/time-format";
import { useNow } from "@/lib/client/use-now";
import type { Hour, SpecialDay } from "@/lib/client/queries/hours";
import { describeOpenStatus, openStatus } from "@/lib/hours/open-now";
import styles from "./hours.module.css";

/** "Open now" on the venue's own clock (its IANA zone, not the browser's), from the saved week and special dates. */
export function OpenNowCard({
  hours,
  special,
  zone,
  clock,
}: {
  hours: Hour[] | undefined;
  special: SpecialDay[] | undefined;
  zone: string;
  clock: Clock;
}) {
  const now = useNow();
  if (!now || !hours || !special) {
    return (
      <section className={`card ${styles.openNow}`} aria-label="Open now" aria-busy>
        <div className={styles.placeholder} />
        <div className={`${styles.placeholder} ${styles.placeholderShort}`} />
      </section>
    );
  }
  const status = openStatus(hours, now, zone, special);
  const local = DateTime.fromJSDate(now, { zone }).setLocale("en-GB");
  const today = special.find((day) => day.date === local.toISODate());
  return (
    <section className={`card ${styles.openNow}`} aria-label="Open now">
      <p className={styles.statusLine}>
        <span className={status.open ? "badge badge--ok" : "badge"}>{describeOpenStatus(status, now, clock)}</span>
      </p>
      <p className={styles.clock}>
        Venue time: <time dateTime={local.toISO() ?? undefined}>{`${local.toFormat("ccc d LLL")}, ${timeOf(local, clock)}`}</time>{" "}
        {zoneAbbreviation(zone, now)} <span className={styles.muted}>({zone})</span>
        <span className={styles.muted}> · from saved hours</span>
      </p>
      {today && <p className={styles.specialToday}>Special hours today: {formatSpecialDay(today, clock)}</p>}
    </section>
  );
}
