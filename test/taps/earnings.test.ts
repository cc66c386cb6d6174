import { beforeAll, describe, expect, it } from "vitest";
import { type Account, api, call, login } from "../api";
import { cents, containerEconomics, money } from "@/lib/taps/earnings/money";

// venue-operations §15: a keg's cost and deposit; each container's cost (keg cost × serving ÷ keg size),
// margin and pour cost %, to the cent, seen by owners and managers only; the pour report and its CSV.

let owner: Account;
let location: { id: number };
let tapId: number;
let containerIds: number[];
const sizeId = async (ounces: number) =>
  (await api.get("container_sizes", { as: owner.ro })).body.container_sizes.find(
    (size: { ounces: string | number }) => Number(size.ounces) === ounces,
  ).id;

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0];
  const rw = { as: owner.rw };
  const menu = (await api.post(`locations/${location.id}/menus`, { ...rw, body: { menu: { name: "Earnings" } } })).body.menu;
  const section = (await api.post(`menus/${menu.id}/sections`, { ...rw, body: { section: { name: "Draft" } } })).body.section;
  const item = (await api.post(`sections/${section.id}/items`, { ...rw, body: { item: { name: "Cost Lager" } } })).body.item;
  containerIds = [];
  for (const [ounces, price] of [
    [16, "7.50"],
    [5, "3.00"],
  ] as const) {
    const made = await api.post(`items/${item.id}/containers`, {
      ...rw,
      body: { container: { container_size_id: await sizeId(ounces), price } },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    containerIds.push(made.body.container.id);
  }
  const tap = await api.post(`locations/${location.id}/taps`, {
    ...rw,
    body: { tap: { number: 800, item_id: item.id, container_id: containerIds[0] } },
  });
  tapId = tap.body.tap.id;
  // A half barrel (15.5 US gallons) bought for 189.00 with a 30.00 deposit.
  const keg = await api.post(`taps/${tapId}/kegs`, { ...rw, body: { size_ml: 58_673.882, cost: "189.00", deposit: 30 } });
  expect(keg.status).toBe(201);
});

describe("money", () => {
  it("is exact in cents: no float drift, half away from zero", () => {
    expect(money(cents("0.10") + cents("0.20"))).toBe("0.30");
    expect(cents("12.5")).toBe(1250n);
    // 189.00 × 473.176473 ml ÷ 58673.882 ml = 1.5242… → 1.52; 7.50 − 1.52; 1.52 ÷ 7.50 = 20.27 % → 20.3
    expect(containerEconomics({ kegCost: "189.00", kegSizeMl: "58673.882", ounces: "16.0000", price: "7.50" })).toEqual({
      cost: "1.52",
      margin: "5.98",
      pour_cost_percent: 20.3,
    });
    expect(containerEconomics({ kegCost: "100.00", kegSizeMl: "1000", ounces: "0.0000", price: "0.00" })).toEqual({
      cost: "0.00",
      margin: "0.00",
      pour_cost_percent: null,
    });
  });
});

describe("who sees cost", () => {
  it("an owner's session or read-write token sees each container's cost, margin and pour cost %, to the cent", async () => {
    const tap = (await api.get(`taps/${tapId}`, { as: owner.rw })).body.tap;
    expect(tap.economics).toEqual({
      keg_cost: "189.00",
      keg_deposit: "30.00",
      containers: [
        { container_id: containerIds[0], name: expect.any(String), price: "7.50", cost: "1.52", margin: "5.98", pour_cost_percent: 20.3 },
        // 189.00 × 147.8676478125 ÷ 58673.882 = 0.4763… → 0.48; 3.00 − 0.48; 16.0 %
        { container_id: containerIds[1], name: expect.any(String), price: "3.00", cost: "0.48", margin: "2.52", pour_cost_percent: 16 },
      ],
    });
    const list = (await api.get(`locations/${location.id}/taps`, { as: owner.rw })).body.taps;
    expect(list.find((row: { id: number }) => row.id === tapId).economics.keg_cost).toBe("189.00");
  });

  it("a read-only token, and a key without insights:read see none of it; a key with insights:read does", async () => {
    const readOnly = (await api.get(`taps/${tapId}`, { as: owner.ro })).body.tap;
    expect(readOnly).not.toHaveProperty("economics");
    expect(JSON.stringify(readOnly)).not.toContain("189");
    expect((await api.get(`locations/${location.id}/pour_report`, { as: owner.ro })).status).toBe(403);
    const key = async (scopes: string[]) =>
      (await api.post("api_keys", { as: owner.rw, body: { api_key: { name: `k ${scopes.join(" ")}`, scopes } } })).body.api_key
        .secret as string;
    const bearer = (secret: string) => ({ as: null, headers: { authorization: `Bearer ${secret}` } });
    const tapsOnly = await key(["taps:write"]);
    const tapByKey = await call("GET", `taps/${tapId}`, bearer(tapsOnly));
    expect(tapByKey.status).toBe(200);
    expect(tapByKey.body.tap).not.toHaveProperty("economics");
    expect((await call("GET", `locations/${location.id}/pour_report`, bearer(tapsOnly))).status).toBe(403);
    const both = await key(["taps:write", "insights:read"]);
    expect((await call("GET", `taps/${tapId}`, bearer(both))).body.tap.economics.keg_cost).toBe("189.00");
    expect((await call("GET", `locations/${location.id}/pour_report`, bearer(both))).status).toBe(200);
  });
});

describe("pour_report", () => {
  it("sums volume, servings, sales, cost and margin by tap, item, style and day, with a CSV; bad queries are 422", async () => {
    const pour = (volume: number, key: string) =>
      api.post(`taps/${tapId}/pours`, { as: owner.rw, body: { volume, unit: "ml", idempotency_key: key } });
    expect((await pour(473.176, "e1")).status).toBe(201);
    expect((await pour(473.176, "e2")).status).toBe(201);
    expect((await pour(300, "e3")).status).toBe(201);
    const report = await api.get(`locations/${location.id}/pour_report?group=tap`, { as: owner.rw });
    expect(report.status).toBe(200);
    const row = report.body.rows.find((entry: { key: string }) => entry.key === String(tapId));
    // 1246.352 ml ÷ 473.176473 ml = 2.634 servings; × 7.50 = 19.76; 189.00 × 1246.352 ÷ 58673.882 = 4.0148 → 4.01.
    expect(row).toEqual({
      key: String(tapId),
      label: "Tap 800",
      pours: 3,
      volume_ml: 1246.352,
      servings: 2.63,
      sales: "19.76",
      cost: "4.01",
      margin: "15.75",
    });
    for (const group of ["item", "style", "day"]) {
      const grouped = await api.get(`locations/${location.id}/pour_report?group=${group}`, { as: owner.rw });
      expect(grouped.status, group).toBe(200);
      expect(grouped.body.group).toBe(group);
    }
    const byItem = (await api.get(`locations/${location.id}/pour_report?group=item`, { as: owner.rw })).body.rows;
    expect(byItem.find((entry: { label: string }) => entry.label === "Cost Lager")).toMatchObject({ sales: "19.76", cost: "4.01" });
    const csv = await api.get(`locations/${location.id}/pour_report.csv?group=tap`, { as: owner.rw });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/text\/csv/);
    const text = new TextDecoder().decode(csv.bytes);
    expect(text.split("\r\n")[0]).toBe("tap,pours,volume_ml,servings,sales_USD,cost_USD,margin_USD");
    expect(text).toContain("Tap 800,3,1246.352,2.63,19.76,4.01,15.75");
    expect((await api.get(`locations/${location.id}/pour_report?group=week`, { as: owner.rw })).status).toBe(422);
    expect((await api.get(`locations/${location.id}/pour_report?from=2026-02-30`, { as: owner.rw })).status).toBe(422);
    expect((await api.get(`locations/${location.id}/pour_report?from=2026-03-05&to=2026-03-01`, { as: owner.rw })).status).toBe(422);
    expect((await api.get(`locations/${location.id}/pour_report?from=2020-01-01&to=2026-01-01`, { as: owner.rw })).status).toBe(422);
  });
});
