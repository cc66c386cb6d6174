import { and, asc, eq, gte, isNull, or } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Db } from "@/lib/db/client";
import { events } from "@/lib/db/schema";
import { listHours } from "@/lib/hours/hours";
import { type DayHours, describeOpenStatus, openStatus, type SpecialDay, wallClockOf } from "@/lib/hours/open-now";
import { listSpecialHours } from "@/lib/hours/special";
import type { Location } from "@/lib/locations/locations";
import { clockOf, type Clock, formatClockRange, type VenueTime } from "@/lib/shared/clock";
import { formatEventWhen, formatSpecialDay } from "@/lib/shared/time-format";
import { WEEKDAYS } from "@/lib/shared/weekdays";
import { type GuestWords, guestWords, weekdayName } from "@/lib/shared/guest-words";
import { etag } from "@/lib/http/conditional";

// What the phone menu tells a guest about the venue beside its menus (issue 49): the week's hours, whether
// it is open now on the venue's own clock, its special dates ahead, and its next events. Everything is in
// words here, read at one instant, so the page's tag is the hash of exactly what is shown: "open now" and
// "today"/"tomorrow" change with time without any write, and the tag changes with them (the page stays
// no-cache: every load asks, and a 304 is right only while these words are the same).

/** At most this many events ahead are shown: the next ones not yet over. */
export const UPCOMING_EVENTS = 5;
/** Special dates shown: those of the next 14 days on the venue's calendar, at most 5. */
const SPECIAL_DAYS_AHEAD = 14;
const SPECIAL_SHOWN = 5;

export type GuestEvent = { name: string; when: string; start: string; description: string | null; link: string | null };
export type GuestVenueInfo = {
  /** "Open now — closes today 11:00 PM"; null when the venue has set no opening hours at all. */
  status: { open: boolean; words: string } | null;
  /** The week, Monday first: "4:00 PM–11:00 PM", "Closed", "Open 24 hours"; `today` on the venue's calendar. */
  week: { day: string; hours: string; today: boolean }[];
  special: string[];
  events: GuestEvent[];
};

function dayWords(row: DayHours, clock: Clock, words: GuestWords): string {
  if (row.always_open) return words.open_all_day;
  const open = wallClockOf(row.open_at);
  const close = wallClockOf(row.close_at);
  if (row.closed || !open || !close) return words.closed;
  return formatClockRange(open, close, clock);
}

const hasHours = (week: DayHours[], special: SpecialDay[]) =>
  week.some((row) => row.always_open || (!row.closed && row.open_at && row.close_at)) || special.some((day) => !day.closed);

type EventRow = { name: string; description: string; startTime: Date; endTime: Date | null; link: string | null };

/**
 * The guest's view of the venue at `now`: pure, so tests pass any instant (a DST day, midnight). Its
 * words are `language`'s (decision 100): the week, "open now", the special dates and the events' days;
 * every time is on the venue's clock. A note the venue wrote stays as written.
 */
export function venueInfoOf(
  location: Pick<Location, "timeZone" | "country">,
  week: DayHours[],
  special: (SpecialDay & { note?: string | null })[],
  upcoming: EventRow[],
  now: Date,
  language = "en",
): GuestVenueInfo {
  const words = guestWords(language);
  const zone = location.timeZone;
  const clock = clockOf({ country: location.country, time_zone: zone });
  const venue: VenueTime = { zone, clock };
  const today = DateTime.fromJSDate(now, { zone });
  const todayDate = today.toISODate()!;
  const lastDate = today.plus({ days: SPECIAL_DAYS_AHEAD }).toISODate()!;
  const set = hasHours(week, special);
  const status = openStatus(week, now, zone, special);
  const weekday = WEEKDAYS[today.weekday - 1];
  // Days and months in the page's language; the times stay on the venue's clock (decision 100).
  const locale = words.language === "en" ? undefined : words.language;
  const specialWords = { locale: locale ?? "en-GB", closed: words.closed_on_day, pastMidnight: words.past_midnight };
  return {
    status: set ? { open: status.open, words: describeOpenStatus(status, now, clock, words) } : null,
    week: set
      ? week.map((row) => ({ day: weekdayName(row.day, words.language), hours: dayWords(row, clock, words), today: row.day === weekday }))
      : [],
    special: special
      .filter((day) => day.date >= todayDate && day.date <= lastDate)
      .slice(0, SPECIAL_SHOWN)
      .map((day) => formatSpecialDay(day, clock, specialWords)),
    events: upcoming.map((event) => ({
      name: event.name,
      when: formatEventWhen(
        { start_time: event.startTime.toISOString(), end_time: event.endTime?.toISOString() ?? null },
        venue,
        now,
        locale,
      ),
      start: event.startTime.toISOString(),
      description: event.description.trim() || null,
      link: event.link && /^https?:\/\//i.test(event.link) ? event.link : null,
    })),
  };
}

/** The next events of a location not yet over at `now` (an event without an end is over at its start), soonest first. */
function upcomingEvents(db: Db, locationId: number, now: Date) {
  return db
    .select({ name: events.name, description: events.description, startTime: events.startTime, endTime: events.endTime, link: events.link })
    .from(events)
    .where(and(eq(events.locationId, locationId), or(gte(events.endTime, now), and(isNull(events.endTime), gte(events.startTime, now)))))
    .orderBy(asc(events.startTime), asc(events.id))
    .limit(UPCOMING_EVENTS);
}

/** The guest's view of a location's hours and events at `now`, and its tag (the hash of the words shown). */
export async function guestVenueInfo(
  db: Db,
  location: Location,
  now: Date,
  language = "en",
): Promise<{ info: GuestVenueInfo; tag: string }> {
  const [week, special, upcoming] = await Promise.all([
    listHours(db, { locationId: location.id }),
    listSpecialHours(db, { id: location.id, timeZone: location.timeZone }, now),
    upcomingEvents(db, location.id, now),
  ]);
  const info = venueInfoOf(location, week, special, upcoming, now, language);
  return { info, tag: etag("venue-info", JSON.stringify(info)) };
}
