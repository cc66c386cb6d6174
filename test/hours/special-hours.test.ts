import { beforeAll, describe, expect, it } from "vitest";
import { DateTime } from "luxon";
import { api, login, type Account } from "../api";

// Special hours (venue-operations §11, issue 38 row 8): a date's hours replace its weekday's; the list
// is saved whole; a bad list is 422 and changes nothing; dates more than 30 days past are dropped.

let owner: Account;
let locationId: number;
let zone: string;
const day = (offset: number) => DateTime.now().setZone(zone).plus({ days: offset }).toISODate()!;
const put = (special_hours: unknown[]) => api.put(`locations/${locationId}/special_hours`, { as: owner.rw, body: { special_hours } });
const list = async () => (await api.get(`locations/${locationId}/special_hours`, { as: owner.ro })).body.special_hours;

beforeAll(async () => {
  owner = await login("owner");
  const location = (await api.get("locations", { as: owner.ro })).body.locations[0];
  locationId = location.id;
  zone = location.time_zone;
});

describe("special hours", () => {
  it("starts empty, saves the whole list sorted, and answers it the same", async () => {
    expect(await list()).toEqual([]);
    const saved = await put([
      { date: day(2), closed: false, open: "18:00", close: "01:00", note: "Late night" },
      { date: day(1), closed: true, note: "Holiday" },
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const expected = [
      { date: day(1), closed: true, open: null, close: null, note: "Holiday" },
      { date: day(2), closed: false, open: "18:00", close: "01:00", note: "Late night" },
    ];
    expect(saved.body.special_hours).toEqual(expected);
    expect(await list()).toEqual(expected);
  });

  it("refuses a bad list with 422 naming the field, and keeps what was saved", async () => {
    const before = await list();
    for (const [entry, path] of [
      [{ date: "2026-02-30", closed: true }, "special_hours.0.date"],
      [{ date: day(3), closed: true, open: "10:00" }, "special_hours.0.open"],
      [{ date: day(3), closed: false, open: "10:00" }, "special_hours.0.close"],
      [{ date: day(3), closed: false, open: "10:00", close: "10:00" }, "special_hours.0.close"],
      [{ date: day(3), closed: false, open: "25:00", close: "11:00" }, "special_hours.0.open"],
    ] as const) {
      const answer = await put([entry]);
      expect(answer.status, JSON.stringify(entry)).toBe(422);
      expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    const twice = await put([
      { date: day(3), closed: true },
      { date: day(3), closed: true },
    ]);
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].path).toBe("special_hours.1.date");
    expect(await list()).toEqual(before);
  });

  it("drops dates more than 30 days past, keeps recent ones, and clears with an empty list", async () => {
    const saved = await put([
      { date: day(-31), closed: true },
      { date: day(-30), closed: true },
      { date: day(5), closed: true },
    ]);
    expect(saved.body.special_hours.map((entry: { date: string }) => entry.date)).toEqual([day(-30), day(5)]);
    expect((await put([])).body.special_hours).toEqual([]);
  });

  it("lets staff read them but not change them", async () => {
    // who-may (test/http/who-may.test.ts) holds the full table; here the route's own rule.
    expect((await api.get(`locations/${locationId}/special_hours`, { as: owner.ro })).status).toBe(200);
    expect((await api.put(`locations/${locationId}/special_hours`, { as: owner.ro, body: { special_hours: [] } })).status).toBe(403);
  });
});
