import { beforeAll, describe, expect, it } from "vitest";
import { phonePage } from "@/lib/menus/off-screen/guest-reads";
import { phonePageHtml } from "@/lib/menus/off-screen/html";
import { venueInfoOf } from "@/lib/menus/off-screen/venue-info";
import { api, db, login, type Account, type ApiResponse } from "../api";
import { closed, demoWeek, open, week } from "../hours-week";

// Issue 49: the phone menu (/m/:locationId) tells a guest the venue's week, whether it is open now on the
// venue's own clock, its special dates ahead and its next events, with no script. Its ETag is the hash of
// the words shown, so "open now" turning to "closed" changes the tag with no write, and the page stays
// no-cache (every load asks; a 304 only while the words are the same).

let owner: Account;
let location: number;
let ids: Record<string, number>;
const nextYear = new Date().getUTCFullYear() + 1;

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, String(JSON.stringify(answer.body)).slice(0, 500)).toBe(status);
  return answer;
}

beforeAll(async () => {
  owner = await login("owner");
  // A London venue saved without a country: a 24-hour clock (lib/shared/clock.ts).
  location = (
    await ok(
      api.post("locations", { as: owner.rw, body: { location: { name: "Night Owl", time_zone: "Europe/London", currency: "GBP" } } }),
      201,
    )
  ).body.location.id;
  const rows = (await ok(api.get(`locations/${location}/hours`, { as: owner.ro }))).body.hours;
  ids = Object.fromEntries(rows.map((row: { day: string; id: number }) => [row.day, row.id]));
});

const page = (headers: Record<string, string> = {}) => api.get(`/m/${location}`, { headers });

describe("GET /m/:locationId: hours, open now and events", () => {
  it("says nothing of hours while none are set, then the week and open or closed now; a change of hours is a new tag", async () => {
    const bare = await ok(page());
    expect(bare.body).not.toMatch(/Open now|Closed now|Opening hours|Coming up/);
    const hours = Object.values(ids).map((id) => ({ id, closed: false, open_at: "16:00", close_at: "23:00" }));
    hours[0] = { id: ids.monday!, closed: true } as (typeof hours)[number];
    await ok(api.patch(`locations/${location}/hours`, { as: owner.rw, body: { hours } }));
    const first = await ok(page({ "if-none-match": bare.headers.get("etag")! }));
    expect(first.headers.get("cache-control")).toBe("no-cache");
    expect(first.headers.get("etag")).not.toBe(bare.headers.get("etag"));
    const html = first.body as string;
    expect(html).toMatch(/<p class="open is-(open|closed)">(Open now — closes|Closed now — opens) /);
    expect(html).toContain('<details class="hours"><summary>Opening hours</summary>');
    expect(html).toContain('<th scope="row">Monday');
    expect(html).toMatch(/Monday(?: <span class="vh">\(today\)<\/span>)?<\/th><td>Closed<\/td>/);
    expect(html).toMatch(/Tuesday(?: <span class="vh">\(today\)<\/span>)?<\/th><td>16:00–23:00<\/td>/);
    expect(html.match(/aria-current="date"/g)).toHaveLength(1);
    // Still no script: the JSON-LD is data.
    expect(html.replace(/<script type="application\/ld\+json">.*?<\/script>/s, "")).not.toMatch(/<script/);
    // Nothing changed: a 304 with no body.
    const again = await ok(page({ "if-none-match": first.headers.get("etag")! }), 304);
    expect(again.body).toBe("");
  });

  it("lists the next events not yet over, soonest first, escaped; a new event is a new tag", async () => {
    const before = (await ok(page())).headers.get("etag")!;
    const event = (body: Record<string, unknown>) =>
      ok(api.post(`locations/${location}/events`, { as: owner.rw, body: { event: body } }), 201);
    await event({ name: "Long Gone <Gig>", description: "", start_time_date: "2020-01-10", start_time_time: "20:00" });
    await event({
      name: "Cask <Night>",
      description: "Real ale on gravity.",
      start_time_date: `${nextYear}-07-04`,
      start_time_time: "20:00",
      end_time_date: `${nextYear}-07-04`,
      end_time_time: "23:00",
      link: "https://pub.example/cask",
    });
    await event({ name: "Quiz", description: "", start_time_date: `${nextYear}-03-01`, start_time_time: "19:30" });
    const after = await ok(page({ "if-none-match": before }));
    expect(after.headers.get("etag")).not.toBe(before);
    const html = after.body as string;
    expect(html).toContain('<h2 class="menu-name" id="events-title">Coming up</h2>');
    expect(html).not.toContain("Long Gone");
    expect(html.indexOf(">Quiz<")).toBeGreaterThan(0);
    expect(html.indexOf(">Quiz<")).toBeLessThan(html.indexOf("Cask &lt;Night&gt;"));
    expect(html).toMatch(new RegExp(`>\\w{3} 4 Jul ${nextYear}, 20:00–23:00 BST</time>`));
    expect(html).toContain('<a href="https://pub.example/cask" rel="noopener nofollow">More about Cask &lt;Night&gt;</a>');
  });

  it("changes its tag when the venue opens, with no write; the same instant is the same tag", async () => {
    // Wednesday 13 January 2027 in London (GMT): closed at noon, open at six.
    const noon = Date.parse("2027-01-13T12:00:00Z");
    const six = Date.parse("2027-01-13T18:00:00Z");
    const database = await db();
    const [closedPage, closedAgain, openPage] = await Promise.all([
      phonePage(database, location, () => noon),
      phonePage(database, location, () => noon),
      phonePage(database, location, () => six),
    ]);
    expect(closedPage!.tag).toBe(closedAgain!.tag);
    expect(openPage!.tag).not.toBe(closedPage!.tag);
    const words = async (p: typeof closedPage) => {
      const { trees, info } = await p!.content();
      return phonePageHtml(p!.location, trees, { without: [], only: [] }, info);
    };
    expect(await words(closedPage)).toContain('<p class="open is-closed">Closed now — opens today 16:00</p>');
    expect(await words(openPage)).toContain('<p class="open is-open">Open now — closes today 23:00</p>');
  });

  it("is 404 for no such location, as before, with no hours read", async () => {
    expect((await api.get("/m/999999")).status).toBe(404);
  });
});

describe("venueInfoOf (pure)", () => {
  const ny = { timeZone: "America/New_York", country: "US" };
  // Friday 5 June 2026, 11 PM in New York: open until 2 AM (overnight), 12-hour clock.
  const friday = new Date("2026-06-06T03:00:00Z");

  it("tells the week on the venue's clock, today marked, and open now through midnight", () => {
    const info = venueInfoOf(ny, demoWeek, [], [], friday);
    expect(info.status).toEqual({ open: true, words: "Open now — closes tomorrow 2:00 AM" });
    expect(info.week[0]).toEqual({ day: "Monday", hours: "Closed", today: false });
    expect(info.week[4]).toEqual({ day: "Friday", hours: "12:00 PM–2:00 AM", today: true });
    expect(info.week.filter((day) => day.today)).toHaveLength(1);
  });

  it("says the week and whether it is open in the page's language (decision 100), English for one it has no words in", () => {
    const berlin = { timeZone: "Europe/Berlin", country: "DE" };
    // Saturday 6 June 2026, 5 AM in Berlin: closed until Monday 4 PM, 24-hour clock.
    const german = venueInfoOf(berlin, demoWeek, [], [], friday, "de");
    expect(german.week[0]).toEqual({ day: "Montag", hours: "Geschlossen", today: false });
    expect(german.status?.words).toMatch(/^Jetzt (geöffnet — schließt|geschlossen — öffnet) (heute|morgen|[A-Z][a-z]+\.?) \d{2}:\d{2}$/);
    const openNow = venueInfoOf(ny, demoWeek, [], [], friday, "de");
    expect(openNow.status).toEqual({ open: true, words: "Jetzt geöffnet — schließt morgen 2:00 AM" });
    const closedNow = venueInfoOf(ny, week([open("16:00", "23:00"), closed, closed, closed, closed, closed, closed]), [], [], friday, "fr");
    expect(closedNow.status).toEqual({ open: false, words: "Fermé — ouvre lun. 4:00 PM" });
    expect(venueInfoOf(ny, demoWeek, [], [], friday, "pt").status?.words).toBe("Open now — closes tomorrow 2:00 AM");
  });

  it("shows special dates of the next 14 days only, and no status at all for a week with no hours", () => {
    const special = [
      { date: "2026-06-01", closed: true, open: null, close: null, note: "past" },
      { date: "2026-06-07", closed: true, open: null, close: null, note: "Staff party" },
      { date: "2026-07-30", closed: true, open: null, close: null, note: "too far" },
    ];
    expect(venueInfoOf(ny, demoWeek, special, [], friday).special).toEqual(["Sun 7 Jun: closed (Staff party)"]);
    const none = venueInfoOf(ny, week([closed, closed, closed, closed, closed, closed, closed]), [], [], friday);
    expect(none).toEqual({ status: null, week: [], special: [], events: [] });
    // One day set is enough to say the week.
    expect(venueInfoOf(ny, week([open("16:00", "23:00"), closed, closed, closed, closed, closed, closed]), [], [], friday).status).toEqual({
      open: false,
      words: "Closed now — opens Mon 4:00 PM",
    });
  });

  it("says special dates and events' days in the page's language, times on the venue's clock (decision 100)", () => {
    const special = [
      { date: "2026-06-07", closed: true, open: null, close: null, note: null },
      { date: "2026-06-08", closed: false, open: "12:00", close: "02:00", note: null },
    ];
    const event = {
      name: "Quiz",
      description: "",
      startTime: new Date("2026-06-10T23:00:00Z"),
      endTime: new Date("2026-06-11T06:00:00Z"),
      link: null,
    };
    const german = venueInfoOf(ny, demoWeek, special, [event], friday, "de");
    expect(german.special).toEqual(["So., 7. Juni: geschlossen", "Mo., 8. Juni: 12:00 PM–2:00 AM (bis nach Mitternacht)"]);
    expect(german.events[0]?.when).toBe("Mi., 10. Juni, 7:00 PM – Do., 11. Juni, 2:00 AM EDT");
    const french = venueInfoOf(ny, demoWeek, special, [event], friday, "fr");
    expect(french.special[0]).toBe("dim. 7 juin: fermé");
    expect(french.events[0]?.when).toBe("mer. 10 juin, 7:00 PM – jeu. 11 juin, 2:00 AM EDT");
    // English, and a language the catalogue lacks, keep the house's words.
    for (const language of ["en", "pt"]) {
      const info = venueInfoOf(ny, demoWeek, special, [event], friday, language);
      expect(info.special).toEqual(["Sun 7 Jun: closed", "Mon 8 Jun: 12:00 PM–2:00 AM (past midnight)"]);
      expect(info.events[0]?.when).toBe("Wed 10 Jun, 7:00 PM – Thu 11 Jun, 2:00 AM EDT");
    }
  });

  it("keeps only http(s) event links", () => {
    const start = new Date("2026-06-10T23:00:00Z");
    const info = venueInfoOf(
      ny,
      demoWeek,
      [],
      [{ name: "A", description: " ", startTime: start, endTime: null, link: "javascript:alert(1)" }],
      friday,
    );
    expect(info.events).toEqual([
      { name: "A", when: "Wed 10 Jun, 7:00 PM EDT", start: start.toISOString(), description: null, link: null },
    ]);
  });
});
