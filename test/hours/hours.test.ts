import { beforeAll, describe, expect, it } from "vitest";
import { api, login, type Account } from "../api";
import { snapshot } from "../snapshot";

let owner: Account;
let location: number;
let ids: Record<string, number>;

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  const rows = (await api.get(`locations/${location}/hours`, { as: owner.ro })).body.hours;
  ids = Object.fromEntries(rows.map((row: { day: string; id: number }) => [row.day, row.id]));
});

const update = (hours: unknown, method: "put" | "patch" = "patch") =>
  api[method](`locations/${location}/hours`, { as: owner.rw, body: { hours } });

describe("GET /locations/:id/hours", () => {
  it("has one row per weekday, Monday first, with wall-clock times on 2000-01-01", async () => {
    const response = await api.get(`locations/${location}/hours`, { as: owner.ro });
    expect(response.status).toBe(200);
    const rows = response.body.hours;
    expect(rows.map((row: { day: string }) => row.day)).toEqual([
      "monday",
      "tuesday",
      "wednesday",
      "thursday",
      "friday",
      "saturday",
      "sunday",
    ]);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      always_open: false,
      closed: true,
      open_at: null,
      close_at: null,
      day: "monday",
      location_id: location,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(rows[4]).toMatchObject({ day: "friday", open_at: "2000-01-01T12:00:00.000Z", close_at: "2000-01-01T02:00:00.000Z" });
  });
});

describe("PUT and PATCH /locations/:id/hours", () => {
  it("applies a batch and answers with all seven rows", async () => {
    const response = await update([
      { id: ids.monday, closed: false, open_at: "17:00", close_at: "22:30" },
      { id: ids.sunday, always_open: true },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.hours).toHaveLength(7);
    const byDay = Object.fromEntries(response.body.hours.map((row: { day: string }) => [row.day, row]));
    expect(byDay.monday).toMatchObject({ closed: false, open_at: "2000-01-01T17:00:00.000Z", close_at: "2000-01-01T22:30:00.000Z" });
    expect(byDay.sunday).toMatchObject({ always_open: true, closed: false });
    expect(byDay.tuesday).toMatchObject({ open_at: "2000-01-01T16:00:00.000Z", close_at: "2000-01-01T23:00:00.000Z" });
  });

  it("accepts ISO datetimes by their wall-clock reading and keeps an overnight close", async () => {
    const response = await update(
      [{ id: ids.thursday, open_at: "2000-01-01T18:00:00.000Z", close_at: "2026-05-01T01:30:00-04:00" }],
      "put",
    );
    expect(response.status).toBe(200);
    const thursday = response.body.hours.find((row: { day: string }) => row.day === "thursday");
    expect(thursday).toMatchObject({ open_at: "2000-01-01T18:00:00.000Z", close_at: "2000-01-01T01:30:00.000Z" });
  });

  it("round-trips its own answer", async () => {
    const rows = (await api.get(`locations/${location}/hours`, { as: owner.ro })).body.hours;
    const response = await update(
      rows.map(({ id, always_open, closed, open_at, close_at }: Record<string, unknown>) => ({
        id,
        always_open,
        closed,
        open_at,
        close_at,
      })),
    );
    expect(response.status).toBe(200);
    expect(response.body.hours.map(({ updated_at, ...rest }: Record<string, unknown>) => rest)).toEqual(
      rows.map(({ updated_at, ...rest }: Record<string, unknown>) => rest),
    );
  });

  it("changes only the fields passed, and clears a time with null", async () => {
    const response = await update([{ id: ids.wednesday, close_at: null }]);
    const wednesday = response.body.hours.find((row: { day: string }) => row.day === "wednesday");
    expect(wednesday).toMatchObject({ open_at: "2000-01-01T16:00:00.000Z", close_at: null, closed: false });
  });

  it.each<[string, unknown, number]>([
    ["an id of another location", [{ id: 999999, closed: true }], 404],
    ["an id of zero", [{ id: 0, closed: true }], 422],
    ["an id that is not a number", [{ id: "monday", closed: true }], 422],
    ["a missing id", [{ closed: true }], 422],
    [
      "the same id twice",
      [
        { id: "MON", closed: true },
        { id: "MON", closed: false },
      ],
      422,
    ],
    ["closed and always open at once", [{ id: "TUE", closed: true, always_open: true }], 422],
    ["always open on a closed day", [{ id: "MON_CLOSED", always_open: true }], 422],
    ["a time that is not a time", [{ id: "TUE", open_at: "5pm" }], 422],
    ["25:00", [{ id: "TUE", open_at: "25:00" }], 422],
    ["a flag that is not a boolean", [{ id: "TUE", closed: "yes" }], 422],
    ["opening and closing at the same minute", [{ id: "TUE", open_at: "10:00", close_at: "10:00" }], 422],
    ["an empty batch", [], 422],
    ["more than seven rows", Array.from({ length: 8 }, () => ({ id: "TUE" })), 422],
    ["hours that are not a list", { id: "TUE" }, 422],
  ])("refuses %s and changes nothing", async (_name, batch, status) => {
    await update([{ id: ids.monday, closed: true, always_open: false }]);
    const resolve = (value: unknown) => (value === "MON" || value === "MON_CLOSED" ? ids.monday : value === "TUE" ? ids.tuesday : value);
    const hours = Array.isArray(batch) ? batch.map((row) => ({ ...row, id: resolve(row.id) })) : batch;
    // A valid change ahead of the bad row proves the batch is all-or-nothing.
    const withGoodRow =
      Array.isArray(hours) && hours.length > 0 && hours.length < 7 ? [{ id: ids.saturday, open_at: "09:00" }, ...hours] : hours;
    const before = await snapshot();
    const response = await update(withGoodRow);
    expect(response.status).toBe(status);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses the batch when a foreign id follows valid rows, leaving the valid rows untouched", async () => {
    const before = await snapshot();
    const response = await update([
      { id: ids.friday, closed: true },
      { id: 424242, closed: true },
    ]);
    expect(response.status).toBe(404);
    expect(response.body.detail).toContain("424242");
    expect(await snapshot()).toEqual(before);
  });
});
