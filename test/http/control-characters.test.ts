import { beforeAll, describe, expect, it } from "vitest";
import { type Account, api, login } from "../api";
import { snapshot } from "../snapshot";

// Issue 47: a NUL byte in an item's name, a CSV cell or a login email was a 500 (PostgreSQL's text cannot
// hold NUL). Refused with 422 naming the field (401 in a Basic header, which names nobody), nothing written;
// other control characters are refused where no one types them (names), kept where text may hold lines.

let owner: Account;
let menuId: number;
let itemId: number;

beforeAll(async () => {
  owner = await login("owner");
  const [location] = (await api.get("locations", { as: owner.ro })).body.locations;
  menuId = (await api.get(`locations/${location.id}/menus`, { as: owner.ro })).body.menus[0].id;
  itemId = (await api.get(`menus/${menuId}?full=true`, { as: owner.ro })).body.menu.sections[0].items[0].id;
});

describe("control characters in what callers send", () => {
  it("refuses NUL in any JSON field, and a control character in a name, with 422 on the field", async () => {
    const before = await snapshot();
    for (const [body, path, message] of [
      [{ item: { name: "Pils\u0000ner" } }, "item.name", "must not contain a NUL character"],
      [{ item: { description: "dry\u0000hopped" } }, "item.description", "must not contain a NUL character"],
      [{ item: { name: "Pils\u0007ner" } }, "item.name", "must not contain control characters"],
      [{ item: { brewery: "Hop\u001bYard" } }, "item.brewery", "must not contain control characters"],
    ] as const) {
      const answer = await api.patch(`items/${itemId}`, { as: owner.rw, body });
      expect(answer.status, path).toBe(422);
      expect(answer.body.errors, path).toEqual([{ path, message }]);
    }
    expect(await snapshot()).toEqual(before);
    // Lines and tabs are text: a description keeps them.
    const kept = await api.patch(`items/${itemId}`, { as: owner.rw, body: { item: { description: "Crisp.\n\tDry-hopped." } } });
    expect(kept.status).toBe(200);
  });

  it("refuses NUL in a login email (422) and in a Basic header's email (401)", async () => {
    const answer = await api.post("sessions", {
      body: { email: "owner@demo.test\u0000", password: "whatever it is" },
      headers: { "x-forwarded-for": "203.0.113.77" },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.map((error: { path: string }) => error.path)).toEqual(["email"]);
    const header = `Basic ${Buffer.from(`owner@demo.test\u0000:${owner.ro.token}`).toString("base64")}`;
    expect((await api.get("current_user", { headers: { authorization: header } })).status).toBe(401);
    const signup = await api.post("signup", {
      body: { business_name: "Nul\u0000Bar", name: "N", email: "nul@bar.test", password: "quiet harbour lanterns 1987" },
      headers: { "x-forwarded-for": "203.0.113.78" },
    });
    expect(signup.status).toBe(422);
    expect(signup.body.errors.map((error: { path: string }) => error.path)).toEqual(["business_name"]);
  });

  it("refuses NUL in a query parameter with 422", async () => {
    const answer = await api.get(`menus/${menuId}/versions?before=1%00`, { as: owner.ro });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([{ path: "query.before", message: "must not contain a NUL character" }]);
  });

  it("refuses a CSV cell holding NUL or another control character, naming its line and column", async () => {
    const header = "section,item,brewery,style,abv,ibu,description,container,price,untappd_id";
    const before = await snapshot();
    for (const [cell, field] of [
      ["Pils\u0000", "item"],
      ["Lager\u0001", "style"],
    ] as const) {
      const row = field === "item" ? `Taps,${cell},,,,,,,,` : `Taps,Pils,,${cell},,,,,,`;
      const answer = await api.put(`menus/${menuId}/import.csv`, {
        as: owner.rw,
        rawBody: `${header}\n${row}\n`,
        headers: { "content-type": "text/csv" },
      });
      expect(answer.status, field).toBe(422);
      expect(answer.body.errors, field).toContainEqual({ line: 2, field, message: "must not contain control characters" });
    }
    expect(await snapshot()).toEqual(before);
  });
});
