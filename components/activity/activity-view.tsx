"use client";

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { DateTime } from "luxon";
import { useId, useMemo, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { EmptyState, ErrorState, Skeleton } from "@/components/ui/states";
import { problemMessage } from "@/lib/client/api";
import { type ActivityEntry, activityQueries } from "@/lib/client/queries/activity";
import { teamQueries } from "@/lib/client/queries/team";
import { useNow } from "@/lib/client/use-now";
import { type Clock, formatDateTime, timeOf, zoneAbbreviation } from "@/lib/shared/time-format";
import styles from "./activity.module.css";

type Venue = { id: number; name: string; time_zone: string; clock: Clock };

/** What a change touched, from its kind (`event.created` → Event), in a word the venue uses. */
const TOPICS: Record<string, string> = {
  menu: "Menu",
  section: "Menu",
  item: "Menu",
  container: "Menu",
  custom_menu: "Menu",
  event: "Event",
  hours: "Hours",
  special_hours: "Hours",
  webhook: "Webhook",
  tap: "Taps",
  keg: "Taps",
  board: "Board",
  location: "Location",
  member: "Team",
  invitation: "Team",
  api_key: "API key",
};
const topic = (kind: string) => TOPICS[kind.split(".")[0] ?? ""] ?? null;

/** Who made a change, and how: "Olivia Owner", "Olivia Owner · API token", "Taproom (automatic)". */
function who(actor: ActivityEntry["actor"]): { name: string; how: string | null } {
  if (actor.via === "system") return { name: actor.name ?? "Taproom", how: "automatic" };
  return { name: actor.name ?? "Someone", how: actor.via === "token" ? "with an API token" : null };
}

/** "Today", "Yesterday", else "Monday 3 March" (and the year when it is not this one), on the venue's calendar. */
function dayLabel(day: DateTime, today: DateTime | null): string {
  if (today) {
    const days = Math.round(today.diff(day, "days").days);
    if (days === 0) return "Today";
    if (days === 1) return "Yesterday";
  }
  return day.toFormat(today && day.year === today.year ? "cccc d LLLL" : "cccc d LLLL yyyy");
}

/** A location's activity: who changed what, newest first, in the venue's time, a page at a time, optionally one person's. */
export function ActivityView({ location }: { location: Venue }) {
  const [actorId, setActorId] = useState<number | null>(null);
  const activity = useInfiniteQuery(activityQueries.list(location.id, actorId));
  const team = useQuery(teamQueries.list());
  const now = useNow();
  const filterId = useId();
  const zone = location.time_zone;
  const entries = useMemo(() => activity.data?.pages.flatMap((page) => page.activity) ?? [], [activity.data]);
  const today = now ? DateTime.fromJSDate(now, { zone }).startOf("day") : null;

  const days = useMemo(() => {
    const groups: { key: string; day: DateTime; entries: (ActivityEntry & { local: DateTime })[] }[] = [];
    for (const entry of entries) {
      const local = DateTime.fromISO(entry.at, { zone }).setLocale("en-GB");
      const key = local.toISODate() ?? entry.at;
      const last = groups.at(-1);
      if (last?.key === key) last.entries.push({ ...entry, local });
      else groups.push({ key, day: local.startOf("day"), entries: [{ ...entry, local }] });
    }
    return groups;
  }, [entries, zone]);

  const members = team.data?.members ?? [];
  const chosen = members.find((member) => member.id === actorId);

  const filter = (
    <div className={styles.filter}>
      <label htmlFor={filterId} className={styles.filterLabel}>
        Person
      </label>
      <select
        id={filterId}
        className="select"
        value={actorId ?? ""}
        onChange={(event) => setActorId(event.target.value === "" ? null : Number(event.target.value))}
        disabled={!team.data}
      >
        <option value="">Everyone</option>
        {members.map((member) => (
          <option key={member.id} value={member.id}>
            {member.name || member.email}
          </option>
        ))}
      </select>
    </div>
  );

  function content() {
    if (activity.isError && !activity.data)
      return (
        <ErrorState
          message={`The activity could not be loaded: ${problemMessage(activity.error)}`}
          onRetry={() => void activity.refetch()}
        />
      );
    if (!activity.data) return <Skeleton lines={5} height="3.25rem" label="Loading the activity" />;
    if (entries.length === 0) {
      return (
        <EmptyState title={chosen ? `Nothing by ${chosen.name || chosen.email} yet` : "No activity yet"}>
          <p className={styles.muted}>
            {chosen
              ? `Changes ${chosen.name || chosen.email} makes at ${location.name} will appear here.`
              : `Every change at ${location.name} (menus, 86s, events, hours, webhooks, the team) appears here, with who made it and when.`}
          </p>
        </EmptyState>
      );
    }
    return (
      <>
        {days.map((group) => (
          <section key={group.key} className={styles.day} aria-labelledby={`day-${group.key}`}>
            <h2 id={`day-${group.key}`} className={styles.dayTitle}>
              {dayLabel(group.day, today)}
            </h2>
            <ol className={styles.list}>
              {group.entries.map((entry) => {
                const actor = who(entry.actor);
                const area = topic(entry.kind);
                return (
                  <li key={entry.id} className={styles.row}>
                    <time
                      className={styles.time}
                      dateTime={entry.at}
                      title={`${formatDateTime(entry.at, { zone, clock: location.clock })} ${zoneAbbreviation(zone, entry.local)}`}
                    >
                      {timeOf(entry.local, location.clock)}
                    </time>
                    <div className={styles.body}>
                      <p className={styles.summary}>{entry.summary}</p>
                      <p className={styles.meta}>
                        <span className={styles.actor}>{actor.name}</span>
                        {actor.how && <span> · {actor.how}</span>}
                        {area && <span className={`badge ${styles.topic}`}>{area}</span>}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
        <div className={styles.more}>
          {activity.hasNextPage ? (
            <button type="button" className="btn" onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
              {activity.isFetchingNextPage ? "Loading…" : "Load more"}
            </button>
          ) : (
            <p className={styles.muted}>That is everything.</p>
          )}
          {activity.isFetchNextPageError && (
            <p role="alert" className={styles.failure}>
              Older activity could not be loaded: {problemMessage(activity.error)}
            </p>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Activity" subtitle={`${location.name} · who changed what, newest first`} actions={filter} />
      <p className={styles.zone}>
        Times are venue time ({zoneAbbreviation(zone, now ?? new Date())}, {zone}).
      </p>
      <div aria-busy={!activity.data || activity.isFetchingNextPage}>{content()}</div>
    </>
  );
}
