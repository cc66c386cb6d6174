import { extractText, getDocumentProxy } from "unpdf";
import { beforeAll, describe, expect, it } from "vitest";
import { actingAs } from "@/lib/db/actor";
import { items } from "@/lib/db/schema";
import { PRINT_MAX_ITEMS } from "@/lib/menus/off-screen/print";
import { PRINT_QUEUE, printStats, printedPdf } from "@/lib/menus/off-screen/print-pool";
import { api, db, login, type Account, type ApiResponse } from "../api";
import { snapshot } from "../snapshot";

// The printed menu as a bounded job (decision 077): drawn on the worker thread, kept by what it was
// drawn from, a line of at most PRINT_QUEUE waiting (then 429), and at most PRINT_MAX_ITEMS items (422).

let owner: Account;
let downtown: number;
let pint: number;

async function ok(response: Promise<ApiResponse>, status = 200) {
  const answer = await response;
  expect(answer.status, JSON.stringify(answer.body).slice(0, 500)).toBe(status);
  return answer;
}
const post = async (url: string, body: unknown) => (await ok(api.post(url, { as: owner.rw, body }), 201)).body;

beforeAll(async () => {
  owner = await login("owner");
  downtown = (await api.get("locations", { as: owner.ro })).body.locations[0].id;
  pint = (await api.get("container_sizes", { as: owner.ro })).body.container_sizes[0].id;
});

async function menuWith(name: string, beers: string[]) {
  const id = (await post(`locations/${downtown}/menus`, { menu: { name } })).menu.id;
  const section = (await post(`menus/${id}/sections`, { section: { name: "Taps" } })).section;
  for (const beer of beers)
    await post(`sections/${section.id}/items`, { item: { name: beer, containers: [{ container_size_id: pint, price: "6.00" }] } });
  return { id, section: section.id };
}

describe("GET /menus/:id/print.pdf as a bounded job", () => {
  it("draws a menu once however often it is asked, and again once it changes", async () => {
    const { id, section } = await menuWith("Twice", ["Alpha Ale", "Bravo Bock"]);
    const before = printStats.drawn;
    const first = await ok(api.get(`menus/${id}/print.pdf?paper=a4&layout=list`, { as: owner.ro }));
    const second = await ok(api.get(`menus/${id}/print.pdf?paper=a4&layout=list`, { as: owner.ro }));
    expect(printStats.drawn - before).toBe(1);
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true);
    // Another layout is another PDF; an edit (a new version) is another menu.
    await ok(api.get(`menus/${id}/print.pdf?paper=a4&layout=columns`, { as: owner.ro }));
    expect(printStats.drawn - before).toBe(2);
    await post(`sections/${section}/items`, { item: { name: "Charlie Cider", containers: [{ container_size_id: pint, price: "5.00" }] } });
    const changed = await ok(api.get(`menus/${id}/print.pdf?paper=a4&layout=list`, { as: owner.ro }));
    expect(printStats.drawn - before).toBe(3);
    const { text } = await extractText(await getDocumentProxy(changed.bytes), { mergePages: true });
    expect(text).toContain("Charlie Cider");
  });

  it("draws on the worker thread a PDF a reader opens, with its text", async () => {
    const { id } = await menuWith("Worker", ["Delta Dunkel"]);
    const before = printStats.drawn;
    const answer = await ok(api.get(`menus/${id}/print.pdf?paper=letter&layout=tap-list`, { as: owner.ro }));
    expect(printStats.drawn - before).toBe(1);
    expect(Buffer.from(answer.bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const pdf = await getDocumentProxy(answer.bytes);
    expect(pdf.numPages).toBe(1);
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain("Delta Dunkel");
    expect(text).toContain("Page 1 of 1");
  });

  it(`refuses a menu of more than ${PRINT_MAX_ITEMS} items with 422 naming the ceiling, drawing nothing`, async () => {
    const { id, section } = await menuWith("Too long", []);
    const database = await db();
    await actingAs({ user_id: null, name: "test", via: "system" }, () =>
      database.transaction(async (tx) => {
        for (let at = 0; at <= PRINT_MAX_ITEMS; at += 500)
          await tx.insert(items).values(
            Array.from({ length: Math.min(500, PRINT_MAX_ITEMS + 1 - at) }, (_, index) => ({
              sectionId: section,
              position: at + index,
              originalName: `Bulk ${at + index}`,
            })),
          );
      }),
    );
    const before = printStats.drawn;
    const state = await snapshot();
    const answer = await ok(api.get(`menus/${id}/print.pdf`, { as: owner.ro }), 422);
    expect(JSON.stringify(answer.body)).toContain(`at most ${PRINT_MAX_ITEMS}`);
    expect(printStats.drawn).toBe(before);
    expect(await snapshot()).toEqual(state);
  });

  it(`answers 429 with Retry-After once ${PRINT_QUEUE} PDFs wait behind the one being drawn`, async () => {
    const menu = { venue: "Queue", menu: "Queue", description: null, footer: null, printed: "now", sections: [] };
    const options = { paper: "a4", layout: "list" } as const;
    // Synchronously, so none of them can be drawn before the last is asked: one drawn, PRINT_QUEUE waiting.
    const accepted = Array.from({ length: PRINT_QUEUE + 1 }, (_, index) => printedPdf(`queue-${index}`, () => menu, options));
    let refused: unknown;
    try {
      await printedPdf("queue-over", () => menu, options);
    } catch (error) {
      refused = error;
    }
    expect(refused).toMatchObject({ status: 429, extra: { headers: { "retry-after": expect.stringMatching(/^\d+$/) } } });
    for (const pdf of await Promise.all(accepted)) expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // The line emptied: the next one is drawn.
    expect((await printedPdf("queue-after", () => menu, options)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });
});
