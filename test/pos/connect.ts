import { SquareClient } from "square";
import { expect } from "vitest";
import { type Account, api, call, login } from "../api";
import { deliverWebhooks, receiveFrom } from "./webhooks";
import { square } from "@/lib/pos/square/provider";
import { sandboxFetch } from "@/lib/pos/square/transport";
import { handleSquareSandbox } from "@/sandbox/square/server";
import { SANDBOX_LOCATIONS, SANDBOX_TILL_TOKEN } from "@/sandbox/square/seed";

// A location connected to the built-in Square sandbox as a person does it (OAuth consent, callback, the
// first sync) with every suggested match confirmed, and the till (the sandbox's own API) to read it.

export const [downtown, harbor] = SANDBOX_LOCATIONS;

/** The owner, and the demo's location the sandbox's Downtown stands for. */
export async function ownerAtDowntown(): Promise<{ owner: Account; location: { id: number } }> {
  const owner = await login("owner");
  const location = (await api.get("locations", { as: owner.ro })).body.locations.find(
    (each: { name: string }) => each.name === "Demo Taproom Downtown",
  );
  return { owner, location };
}

/** One of the till's notifications into the app's receiver, as Square delivers it. */
export const receiveTillWebhook = receiveFrom("square");

/**
 * The till's own events reach the app as at Square (each one's answer to `heard`); what the app sends the
 * till comes back as a webhook. Undone by `subscribeSandbox(null)` (in afterAll).
 */
export const deliverTillWebhooks = (heard?: Parameters<typeof deliverWebhooks>[1]) => deliverWebhooks(square, heard);

export const till = new SquareClient({
  token: SANDBOX_TILL_TOKEN,
  baseUrl: "http://127.0.0.1:3000/sandbox/square",
  fetch: sandboxFetch,
  maxRetries: 0,
});

/** Connects the location `locationId` to Square and confirms the first sync's suggestions; answers the connection's id. */
export async function connectSquare(owner: Account, locationId: number, direction?: string): Promise<number> {
  const created = await api.post(`locations/${locationId}/pos_connections`, {
    as: owner.rw,
    body: { provider: "square", ...(direction ? { direction } : {}) },
  });
  expect(created.status).toBe(201);
  const consent = new URL(created.body.pos_connection.authorize_url);
  const allowed = await handleSquareSandbox(
    new Request(consent, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "decision=allow" }),
  );
  const callback = await call("GET", allowed.headers.get("location")!);
  expect(callback.headers.get("location")).toContain("pos=connected");
  const id = created.body.pos_connection.id as number;
  const listed = await api.get(`pos_connections/${id}/mappings`, { as: owner.ro });
  const good = listed.body.mappings
    .filter((row: { status: string }) => row.status === "suggested")
    .map((row: { pos_variation_id: string; item_id: number; container_id: number }) => ({
      pos_variation_id: row.pos_variation_id,
      item_id: row.item_id,
      container_id: row.container_id,
    }));
  expect((await api.put(`pos_connections/${id}/mappings`, { as: owner.rw, body: { mappings: good } })).status).toBe(200);
  return id;
}

/**
 * The owner at Downtown connected to Square with Taproom leading (`taproom_to_pos`), the first sync's
 * suggestions confirmed and the till's webhooks delivered (each answer's status pushed to `delivered`).
 */
export async function taproomLeadsAtSquare(delivered: number[]) {
  const { owner, location } = await ownerAtDowntown();
  deliverTillWebhooks((_, answer) => delivered.push(answer.status));
  const connectionId = await connectSquare(owner, location.id, "taproom_to_pos");
  return { owner, location, connectionId };
}

/** The ids of the POS item `name`'s variations, in the till's order. */
export async function variationsOf(name: string): Promise<string[]> {
  const found = await till.catalog.search({ objectTypes: ["ITEM"], query: { textQuery: { keywords: [name] } } });
  const item = found.objects?.find((object) => object.type === "ITEM" && object.itemData?.name === name);
  return (item?.type === "ITEM" ? (item.itemData?.variations ?? []) : []).map((variation) => variation.id!);
}

/** Counts at the connected POS location, by variation id (the Inventory API, as Square answers it). */
export async function countsOf(variationIds: string[]): Promise<Record<string, string>> {
  const answer = await till.inventory.batchGetCounts({ catalogObjectIds: variationIds, locationIds: [downtown!.id] });
  const counts: Record<string, string> = {};
  for await (const count of answer) counts[count.catalogObjectId!] = count.quantity!;
  return counts;
}

/** Whether the variation reads sold out at the connected POS location (its read-only location override). */
export async function soldOutAtTill(variationId: string): Promise<boolean> {
  const { object } = await till.catalog.object.get({ objectId: variationId });
  if (object?.type !== "ITEM_VARIATION") throw new Error("not a variation");
  return object.itemVariationData?.locationOverrides?.find((each) => each.locationId === downtown!.id)?.soldOut === true;
}

/** Sets a count at the till, as a bartender's inventory change. */
export const setCount = (variationIds: string[], quantity: string, key: string) =>
  till.inventory.batchCreateChanges({
    idempotencyKey: key,
    changes: variationIds.map((catalogObjectId) => ({
      type: "PHYSICAL_COUNT" as const,
      physicalCount: {
        catalogObjectId,
        locationId: downtown!.id,
        state: "IN_STOCK" as const,
        quantity,
        occurredAt: new Date().toISOString(),
      },
    })),
  });
