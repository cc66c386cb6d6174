"use client";

import type { Section } from "@/lib/client/queries/menus";
import { describeSchedule } from "@/lib/schedules/describe";
import { calendarDateWords, formatClock, relativeDayTimeAt } from "@/lib/shared/clock";
import { useBoardLocation } from "./eighty-six-control";

// What the editor says of a scheduled menu or section (venue-operations §7): its times in words and,
// from the tree's live fields, whether guests see it now and until when, in words, not a colour alone.
// The venue's clock is the board's (BoardLocation), read once for every row.

type Scheduled = Pick<Section, "schedule" | "available_now" | "next_change_at">;
type WithSchedule = Scheduled & { schedule: NonNullable<Scheduled["schedule"]> };

function useScheduleWords(thing: WithSchedule) {
  const { clock } = useBoardLocation();
  const time = (hhmm: string) => formatClock(hhmm, clock.venue?.clock ?? "24h");
  const summary = describeSchedule(thing.schedule, time, calendarDateWords);
  const change =
    thing.next_change_at && clock.venue && clock.now
      ? relativeDayTimeAt(new Date(thing.next_change_at), clock.venue.zone, clock.now, clock.venue.clock)
      : null;
  const off = thing.available_now === false;
  const state = off ? (change ? `Off now, on ${change}` : "Off now, no time ahead") : change ? `On now, until ${change}` : "On now";
  return { summary, off, state };
}

const scheduled = (thing: Scheduled): thing is WithSchedule => Boolean(thing.schedule);

/** "Off now, on tomorrow 11:00 AM" (or "On now, until today 6:00 PM") beside a scheduled menu or section. */
export function ScheduleBadge({ thing }: { thing: Scheduled }) {
  return scheduled(thing) ? <Badge thing={thing} /> : null;
}

function Badge({ thing }: { thing: WithSchedule }) {
  const words = useScheduleWords(thing);
  return (
    <span className={words.off ? "badge" : "badge badge--ok"} data-testid="schedule-badge" title={words.summary}>
      {words.state}
    </span>
  );
}

/** "Sat, Sun 11:00 AM–3:00 PM": a scheduled menu's or section's times in words, after `before`. */
export function ScheduleSummary({ thing, before = " · " }: { thing: Scheduled; before?: string }) {
  return scheduled(thing) ? <Summary thing={thing} before={before} /> : null;
}

function Summary({ thing, before }: { thing: WithSchedule; before: string }) {
  return `${before}${useScheduleWords(thing).summary}`;
}
