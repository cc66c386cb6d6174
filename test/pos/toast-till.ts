import { getDb, type Db } from "@/lib/db/client";
import { expect } from "vitest";
import { toast } from "@/lib/pos/toast/provider";
import { sandboxClient, sandboxFetch } from "@/lib/pos/toast/transport";
import { deliverWebhooks, receiveFrom } from "./webhooks";
import { SANDBOX_RESTAURANTS } from "@/sandbox/toast/seed";

// The built-in Toast sandbox as a client written against Toast reaches it (plain HTTP calls through the
// in-process transport), the till's hands (ring, pay, refund, void, sell out, change a price), and
// its messages delivered to the app's receiver.

export const [downtown, harbor] = SANDBOX_RESTAURANTS;
export const BASE = "http://127.0.0.1:3000/sandbox/toast";
export type Json = Record<string, any>;

/** One call to the sandbox; answers the status, headers and JSON. */
export async function toastCall(
  path: string,
  {
    method = "GET",
    token,
    restaurant = downtown.guid,
    body,
  }: { method?: string; token?: string; restaurant?: string | null; body?: unknown } = {},
) {
  const headers = new Headers({ accept: "application/json" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (restaurant) headers.set("Toast-Restaurant-External-ID", restaurant);
  if (body !== undefined) headers.set("content-type", "application/json");
  const response = await sandboxFetch(`${BASE}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as any };
}

// Per database: the sandbox keeps its tokens in the test file's database, and a worker's test files
// share this module (decision 105).
const tokens = new WeakMap<Db, string>();
/** The sandbox client's bearer token (the till acts as the API client). */
export async function tillToken(): Promise<string> {
  const db = await getDb();
  const cached = tokens.get(db);
  if (cached) return cached;
  const answer = await toastCall("/authentication/v1/authentication/login", {
    method: "POST",
    restaurant: null,
    body: { ...sandboxClient, userAccessType: "TOAST_MACHINE_CLIENT" },
  });
  expect(answer.status).toBe(200);
  const token = answer.body.token.accessToken as string;
  tokens.set(db, token);
  return token;
}

export const till = async (path: string, options: { method?: string; body?: unknown; restaurant?: string } = {}) =>
  toastCall(path, { ...options, token: await tillToken() });

/** A drink of the restaurant's menu, with its Size options (empty for a one-price item). */
export async function menuItem(name: string, restaurant: string = downtown.guid) {
  const menus = (await till("/menus/v2/menus", { restaurant })).body as Json;
  const item = (menus.menus[0].menuGroups as Json[]).flatMap((group) => group.menuItems as Json[]).find((each) => each.name === name)!;
  const group = Object.values(menus.modifierGroupReferences as Record<string, Json>).find(
    (each) => each.guid === item.pricingRules?.sizeSpecificPricingGuid,
  );
  const sizes = ((group?.modifierOptionReferences ?? []) as number[]).map((id) => menus.modifierOptionReferences[String(id)] as Json);
  return { item, sizes };
}

/** Sets stock at the till through the Stock API (as a bartender's "86" in the Toast app). */
export const setStock = (guids: string[], status: "IN_STOCK" | "OUT_OF_STOCK") =>
  till("/stock/v1/inventory/update", { method: "PUT", body: guids.map((guid) => ({ guid, status })) });

/** Rings an order at the till: each line an item and, if sized, its size. */
export async function ring(lines: { item: string; size?: string; quantity: number }[]) {
  const answer = await till("/orders/v2/orders", {
    method: "POST",
    body: {
      checks: [
        {
          selections: lines.map((line) => ({
            item: { guid: line.item },
            quantity: line.quantity,
            ...(line.size ? { modifiers: [{ item: { guid: line.size } }] } : {}),
          })),
        },
      ],
    },
  });
  expect(answer.status).toBe(200);
  return answer.body as Json;
}

/** The till's messages reach the app's receiver as Toast delivers them (each one's answer to `heard`). */
export const deliverToastWebhooks = (heard?: Parameters<typeof deliverWebhooks>[1]) => deliverWebhooks(toast, heard);

export const receiveToastWebhook = receiveFrom("toast");
