import { eq } from "drizzle-orm";
import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { type Account, type ApiResponse, api, call, db, login } from "../api";
import { snapshot } from "../snapshot";
import { createUser } from "@/lib/auth/accounts";
import { kegs, locations } from "@/lib/db/schema";
import { reorder } from "@/lib/taps/reorder/reorder";

// venue-operations §15 (decision 096): par levels, distributors with lead times, and
// GET /locations/:id/reorder with its CSV and each distributor's PDF order sheet. The arithmetic is
// checked on an injected clock at a new location (no opening hours set: every hour counts, §8).

let owner: Account;
let rival: Account;
let staff: Account;
let location: number;
const ids: Record<string, number> = {};
/** The suggestion's clock: two pours fall 8 and 2 hours before it, the keg tapped 10 hours before. */
const NOW = new Date("2026-11-10T12:00:00.000Z");
const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000).toISOString();

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(status);
  return answer.body;
}

beforeAll(async () => {
  owner = await login("owner");
  rival = await login("rival");
  const rw = { as: owner.rw };
  location = (
    await ok(api.post("locations", { ...rw, body: { location: { name: "Reorder Cellar", time_zone: "UTC", currency: "USD" } } }), 201)
  ).location.id;
  const menu = (await ok(api.post(`locations/${location}/menus`, { ...rw, body: { menu: { name: "Cellar" } } }), 201)).menu;
  const section = (await ok(api.post(`menus/${menu.id}/sections`, { ...rw, body: { section: { name: "Draft" } } }), 201)).section;
  for (const name of ["Cellar IPA", "Cellar Stout", "Cellar Cider"]) {
    ids[name] = (await ok(api.post(`sections/${section.id}/items`, { ...rw, body: { item: { name } } }), 201)).item.id;
  }
  for (const [name, lead] of [
    ["Hops & Co", 4],
    ["Malt Bros", 1],
    ["Empty Distributing", 3],
  ] as const) {
    ids[name] = (
      await ok(
        api.post(`locations/${location}/distributors`, {
          ...rw,
          body: { distributor: { name, lead_time_days: lead, email: "orders@hops.test" } },
        }),
        201,
      )
    ).distributor.id;
  }
  // Tap 1 pours the IPA from a 20 l keg; tap 2 has the IPA on deck.
  const tap = (await ok(api.post(`locations/${location}/taps`, { ...rw, body: { tap: { number: 1, item_id: ids["Cellar IPA"] } } }), 201))
    .tap;
  await ok(api.post(`locations/${location}/taps`, { ...rw, body: { tap: { number: 2, on_deck: [ids["Cellar IPA"]] } } }), 201);
  await ok(api.post(`taps/${tap.id}/kegs`, { ...rw, body: { size_ml: 20_000 } }), 201);
  for (const [hours, key] of [
    [8, "r1"],
    [2, "r2"],
  ] as const) {
    await ok(
      api.post(`taps/${tap.id}/pours`, { ...rw, body: { volume: 2500, unit: "ml", at: hoursBefore(hours), idempotency_key: key } }),
      201,
    );
  }
  const database = await db();
  await database
    .update(kegs)
    .set({ tappedAt: new Date(hoursBefore(10)) })
    .where(eq(kegs.tapId, tap.id));
  await ok(
    api.put(`items/${ids["Cellar IPA"]}/par_level`, {
      ...rw,
      body: { par_level: { par_kegs: 5, full_kegs: 2, distributor_id: ids["Hops & Co"] } },
    }),
  );
  await ok(
    api.put(`items/${ids["Cellar Stout"]}/par_level`, { ...rw, body: { par_kegs: 2, full_kegs: 3, distributor_id: ids["Malt Bros"] } }),
  );
  await ok(api.put(`items/${ids["Cellar Cider"]}/par_level`, { ...rw, body: { par_level: { par_kegs: 1 } } }));
  const { tokens } = await createUser(database, {
    businessId: 1,
    email: "cellar-staff@demo.test",
    name: "Cellar Staff",
    password: "a long passphrase",
    role: "staff",
    locationIds: [location],
  });
  staff = {
    rw: { email: "cellar-staff@demo.test", token: tokens.token },
    ro: { email: "cellar-staff@demo.test", token: tokens.readOnlyToken },
  };
});

const locationRow = async () => (await (await db()).select().from(locations).where(eq(locations.id, location)))[0]!;

describe("the suggestion's arithmetic", () => {
  it("counts on hand, the rate, days left, use over the lead time and the kegs to reach par, by distributor", async () => {
    const answer = await reorder(await db(), { location: await locationRow(), query: {}, now: NOW });
    expect(answer.at).toBe(NOW.toISOString());
    expect(answer.reorder.map((group) => group.distributor?.name ?? null)).toEqual(["Empty Distributing", "Hops & Co", "Malt Bros", null]);
    const [empty, hops, malt, none] = answer.reorder;
    expect(empty).toMatchObject({ lines: [], kegs_to_order: 0 });
    // The IPA: 2 full in the cellar + 1 on deck + 15 l of 20 l in service = 3.75 kegs. 5 l (0.25 keg) in the
    // 10 hours since tapping: 0.025 keg an hour, so 3.75 kegs last 150 hours (6.25 days → 6.3) and the
    // 4 days' lead time pours 2.4 kegs; 5 par + 2.4 − 3.75 = 3.65 → 4 kegs. A week pours 4.2.
    expect(hops!.lines).toEqual([
      {
        item_id: ids["Cellar IPA"],
        item_name: "Cellar IPA",
        par_kegs: 5,
        full_kegs: 2,
        on_deck_kegs: 1,
        in_service_kegs: 0.75,
        on_hand_kegs: 3.75,
        kegs_per_week: 4.2,
        runs_out_at: "2026-11-16T18:00:00.000Z",
        days_left: 6.3,
        lead_time_days: 4,
        use_over_lead_kegs: 2.4,
        suggested_kegs: 4,
      },
    ]);
    expect(hops!.kegs_to_order).toBe(4);
    // The stout: 3 full, no pours: nothing runs out, nothing to order (par 2 is met).
    expect(malt!.lines).toEqual([
      expect.objectContaining({
        item_name: "Cellar Stout",
        on_hand_kegs: 3,
        runs_out_at: null,
        days_left: null,
        use_over_lead_kegs: 0,
        suggested_kegs: 0,
      }),
    ]);
    // The cider has no distributor (lead time 0): par 1, none on hand → 1.
    expect(none).toMatchObject({ distributor: null, kegs_to_order: 1 });
    expect(none!.lines).toEqual([
      expect.objectContaining({ item_name: "Cellar Cider", lead_time_days: 0, on_hand_kegs: 0, suggested_kegs: 1 }),
    ]);
  });

  it("a par exactly met orders nothing; one keg short orders one", async () => {
    const rw = { as: owner.rw };
    await ok(
      api.put(`items/${ids["Cellar Stout"]}/par_level`, { ...rw, body: { par_kegs: 3, full_kegs: 3, distributor_id: ids["Malt Bros"] } }),
    );
    const met = await reorder(await db(), { location: await locationRow(), query: { distributor_id: ids["Malt Bros"] }, now: NOW });
    expect(met.reorder).toHaveLength(1);
    expect(met.reorder[0]!.lines[0]!.suggested_kegs).toBe(0);
    await ok(
      api.put(`items/${ids["Cellar Stout"]}/par_level`, { ...rw, body: { par_kegs: 4, full_kegs: 3, distributor_id: ids["Malt Bros"] } }),
    );
    const short = await reorder(await db(), { location: await locationRow(), query: { distributor_id: ids["Malt Bros"] }, now: NOW });
    expect(short.reorder[0]!.lines[0]!.suggested_kegs).toBe(1);
    await ok(
      api.put(`items/${ids["Cellar Stout"]}/par_level`, { ...rw, body: { par_kegs: 2, full_kegs: 3, distributor_id: ids["Malt Bros"] } }),
    );
  });
});

describe("GET /locations/:id/reorder, .csv and .pdf", () => {
  it("answers the list now (the pours are weeks old: no rate), one distributor's with distributor_id", async () => {
    const answer = await ok(api.get(`locations/${location}/reorder`, { as: owner.rw }));
    const hops = answer.reorder.find((group: { distributor: { id: number } | null }) => group.distributor?.id === ids["Hops & Co"]);
    // 5 par − 3.75 on hand = 1.25 → 2 kegs; no recent pours, so nothing for the lead time.
    expect(hops.lines[0]).toMatchObject({
      item_name: "Cellar IPA",
      on_hand_kegs: 3.75,
      kegs_per_week: 0,
      use_over_lead_kegs: 0,
      suggested_kegs: 2,
    });
    const one = await ok(api.get(`locations/${location}/reorder?distributor_id=${ids["Hops & Co"]}`, { as: owner.rw }));
    expect(one.reorder).toHaveLength(1);
    expect(one.reorder[0].distributor.name).toBe("Hops & Co");
  });

  it("writes a CSV: a header and one row per beer", async () => {
    const csv = await api.get(`locations/${location}/reorder.csv`, { as: owner.rw });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="reorder-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = new TextDecoder().decode(csv.bytes).split("\r\n");
    expect(lines[0]).toBe(
      "distributor,lead_time_days,item_id,beer,par_kegs,full_kegs,on_deck_kegs,in_service_kegs,on_hand_kegs,kegs_per_week,days_left,use_over_lead_kegs,suggested_kegs",
    );
    expect(lines).toContain(`Hops & Co,4,${ids["Cellar IPA"]},Cellar IPA,5,2,1,0.75,3.75,0,,0,2`);
    expect(lines).toContain(`Malt Bros,1,${ids["Cellar Stout"]},Cellar Stout,2,3,0,0,3,0,,0,0`);
    expect(lines).toContain(`,0,${ids["Cellar Cider"]},Cellar Cider,1,0,0,0,0,0,,0,1`);
    expect(lines).toHaveLength(5); // header, three beers, and the final line break
  });

  it("draws a distributor's order sheet as a PDF holding its beers to order", async () => {
    const pdf = await api.get(`locations/${location}/reorder.pdf?distributor_id=${ids["Hops & Co"]}`, { as: owner.rw });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(pdf.bytes), { mergePages: true });
    expect(text).toContain("Reorder Cellar");
    expect(text).toContain("Order for Hops & Co");
    expect(text).toContain("orders@hops.test");
    expect(text).toMatch(/Cellar IPA\s*2/);
    expect(text).not.toContain("Cellar Stout");
    const malt = await api.get(`locations/${location}/reorder.pdf?distributor_id=${ids["Malt Bros"]}`, { as: owner.rw });
    const maltText = (await extractText(await getDocumentProxy(malt.bytes), { mergePages: true })).text;
    expect(maltText).toContain("Nothing to order");
  });
});

describe("validation and who may", () => {
  it("refuses bad bounds and foreign ids with 422 or 404, changing nothing", async () => {
    const before = await snapshot();
    const rw = { as: owner.rw };
    const refused: [Promise<ApiResponse>, number, string?][] = [
      [api.put(`items/${ids["Cellar IPA"]}/par_level`, { ...rw, body: { par_kegs: -1 } }), 422, "par_kegs"],
      [api.put(`items/${ids["Cellar IPA"]}/par_level`, { ...rw, body: { par_kegs: 1000 } }), 422, "par_kegs"],
      [api.put(`items/${ids["Cellar IPA"]}/par_level`, { ...rw, body: { par_kegs: 1.5 } }), 422, "par_kegs"],
      [api.put(`items/${ids["Cellar IPA"]}/par_level`, { ...rw, body: { par_kegs: 2, full_kegs: 10_000 } }), 422, "full_kegs"],
      [api.put(`items/${ids["Cellar IPA"]}/par_level`, { ...rw, body: { full_kegs: 1 } }), 422, "par_kegs"],
      // A distributor of another location (or none at all) is not this beer's to name.
      [api.put(`items/${ids["Cellar IPA"]}/par_level`, { ...rw, body: { par_kegs: 2, distributor_id: 999_999 } }), 422, "distributor_id"],
      [api.post(`locations/${location}/distributors`, { ...rw, body: { name: "", lead_time_days: 2 } }), 422, "name"],
      [api.post(`locations/${location}/distributors`, { ...rw, body: { name: "Late", lead_time_days: 91 } }), 422, "lead_time_days"],
      [api.post(`locations/${location}/distributors`, { ...rw, body: { name: "Late", lead_time_days: 2, email: "nope" } }), 422, "email"],
      [api.patch(`distributors/${ids["Hops & Co"]}`, { ...rw, body: { lead_time_days: "soon" } }), 422, "lead_time_days"],
      [api.post(`locations/${location}/distributors`, { ...rw, body: { name: "hops & co", lead_time_days: 2 } }), 409],
      [api.get(`locations/${location}/reorder?distributor_id=abc`, rw), 422, "query.distributor_id"],
      [api.get(`locations/${location}/reorder.pdf`, rw), 422, "query.distributor_id"],
      [api.get(`locations/${location}/reorder?distributor_id=999999`, rw), 404],
      [api.get(`locations/${location}/reorder.pdf?distributor_id=999999`, rw), 404],
    ];
    for (const [request, status, path] of refused) {
      const answer = await request;
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      if (path) expect(answer.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("another business gets 404, staff 403; a read-only token reads but does not write", async () => {
    const before = await snapshot();
    for (const [method, path] of [
      ["GET", `locations/${location}/reorder`],
      ["GET", `locations/${location}/reorder.csv`],
      ["GET", `locations/${location}/reorder.pdf?distributor_id=${ids["Hops & Co"]}`],
      ["GET", `locations/${location}/distributors`],
      ["GET", `distributors/${ids["Hops & Co"]}`],
      ["DELETE", `distributors/${ids["Hops & Co"]}`],
      ["GET", `items/${ids["Cellar IPA"]}/par_level`],
      ["DELETE", `items/${ids["Cellar IPA"]}/par_level`],
    ] as const) {
      expect((await call(method, path, { as: rival.rw })).status, `rival ${method} ${path}`).toBe(404);
      expect((await call(method, path, { as: staff.rw })).status, `staff ${method} ${path}`).toBe(403);
    }
    // The rival's own location may not name our distributor either.
    const theirs = (await api.get("locations", { as: rival.ro })).body.locations[0].id;
    expect((await api.get(`locations/${theirs}/reorder?distributor_id=${ids["Hops & Co"]}`, { as: rival.rw })).status).toBe(404);
    expect((await api.get(`locations/${location}/reorder`, { as: owner.ro })).status).toBe(200);
    expect((await api.get(`locations/${location}/reorder.csv`, { as: owner.ro })).status).toBe(200);
    expect((await api.get(`items/${ids["Cellar IPA"]}/par_level`, { as: owner.ro })).status).toBe(200);
    expect((await api.put(`items/${ids["Cellar IPA"]}/par_level`, { as: owner.ro, body: { par_kegs: 9 } })).status).toBe(403);
    expect((await api.post(`locations/${location}/distributors`, { as: owner.ro, body: { name: "RO", lead_time_days: 1 } })).status).toBe(
      403,
    );
    expect((await api.patch(`distributors/${ids["Hops & Co"]}`, { as: owner.ro, body: { lead_time_days: 9 } })).status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("deleting a distributor keeps its beers' par levels, with no distributor", async () => {
    const rw = { as: owner.rw };
    const made = (
      await ok(api.post(`locations/${location}/distributors`, { ...rw, body: { name: "Short Lived", lead_time_days: 0 } }), 201)
    ).distributor;
    await ok(api.patch(`distributors/${made.id}`, { ...rw, body: { distributor: { notes: "Calls on Mondays", phone: "555-0100" } } }));
    expect((await ok(api.get(`distributors/${made.id}`, rw))).distributor).toMatchObject({
      notes: "Calls on Mondays",
      phone: "555-0100",
      lead_time_days: 0,
    });
    await ok(api.put(`items/${ids["Cellar Cider"]}/par_level`, { ...rw, body: { par_kegs: 1, distributor_id: made.id } }));
    await ok(api.delete(`distributors/${made.id}`, rw));
    expect((await ok(api.get(`items/${ids["Cellar Cider"]}/par_level`, rw))).par_level).toMatchObject({
      par_kegs: 1,
      distributor_id: null,
    });
    await ok(api.delete(`items/${ids["Cellar Cider"]}/par_level`, rw));
    expect((await api.get(`items/${ids["Cellar Cider"]}/par_level`, rw)).status).toBe(404);
  });
});
