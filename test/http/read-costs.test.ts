import { beforeAll, describe, expect, it } from "vitest";
import { api, basic, login, type Account } from "../api";
import { knownCaller } from "@/lib/auth/caller";

// Issue 55: a polled read that hits the read cache does no database work and no hashing; who may read
// what comes from facts the cache keeps and every instance drops on a change. The statement counts are
// the request's own (X-SQL-Statements); the caller by its header is `knownCaller`, which neither hashes
// nor awaits. The figures are `npm run bench`'s.

let owner: Account;
let location: number;
let menu: number;

const statements = async (path: string, credentials: Account["ro"], headers: Record<string, string> = {}) => {
  const answer = await api.get(path, { as: credentials, headers });
  return { status: answer.status, statements: Number(answer.headers.get("x-sql-statements")), etag: answer.headers.get("etag") };
};
const request = (credentials: Account["ro"]) =>
  new Request("http://taproom.test/api/v1/current_user", { headers: { authorization: basic(credentials) } });

beforeAll(async () => {
  owner = await login("owner");
  location = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  menu = (await api.get(`locations/${location}/menus`, { as: owner.ro })).body.menus[0].id;
});

describe("a polled read", () => {
  it("asks nothing of the database once it is kept: the caller, the record's location and the answer", async () => {
    for (const path of ["current_user", `locations/${location}/events`, "container_sizes", `menus/${menu}?full=true`]) {
      await statements(path, owner.ro);
      const again = await statements(path, owner.ro);
      expect(again, path).toMatchObject({ status: 200, statements: 0 });
      // Its 304 too, in every coding.
      for (const coding of ["identity", "gzip, br"]) {
        const tagged = await statements(path, owner.ro, { "accept-encoding": coding });
        if (!tagged.etag) continue;
        const unchanged = await statements(path, owner.ro, { "accept-encoding": coding, "if-none-match": tagged.etag });
        expect(unchanged, `${path} (${coding})`).toMatchObject({ status: 304, statements: 0 });
      }
    }
  });

  it("knows its caller by the header as sent, without hashing, with the token's own access", async () => {
    const reader = await login("rival");
    expect(knownCaller(request(reader.ro))).toBeUndefined();
    await api.get("current_user", { as: reader.ro });
    await api.get("current_user", { as: reader.rw });
    expect(knownCaller(request(reader.ro))).toMatchObject({ access: "read", via: "token", user: { email: reader.ro.email } });
    expect(knownCaller(request(reader.rw))).toMatchObject({ access: "write" });
    // A wrong token is never kept: it is refused every time.
    const wrong = { ...reader.ro, token: `${reader.ro.token}x` };
    expect((await api.get("current_user", { as: wrong })).status).toBe(401);
    expect(knownCaller(request(wrong))).toBeUndefined();
  });

  it("forgets the caller when the tokens are reset: the old ones are refused at once", async () => {
    const member = await login("rival");
    await api.get("current_user", { as: member.ro });
    expect(knownCaller(request(member.ro))).toBeDefined();
    expect((await api.delete("sessions", { as: member.rw })).status).toBe(200);
    expect(knownCaller(request(member.ro))).toBeUndefined();
    expect((await api.get("current_user", { as: member.ro })).status).toBe(401);
    expect((await api.get("current_user", { as: member.rw })).status).toBe(401);
  });

  it("decides who may see a record from the kept location, and a write to it drops that", async () => {
    const outsider = await login("rival");
    // Another business's location is 404, kept or not.
    for (let i = 0; i < 2; i++) expect((await api.get(`locations/${location}/events`, { as: outsider.ro })).status).toBe(404);
    // A write to the location drops what was kept of it: the next read asks the database again.
    await statements(`locations/${location}/events`, owner.ro);
    expect((await api.patch(`locations/${location}`, { as: owner.rw, body: { location: { name: "Renamed" } } })).status).toBe(200);
    const after = await statements(`locations/${location}/events`, owner.ro);
    expect(after.status).toBe(200);
    expect(after.statements).toBeGreaterThan(0);
  });
});
