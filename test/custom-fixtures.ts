import { expect } from "vitest";
import { api, db, type Account, type ApiResponse, type Credentials } from "./api";
import { seedCustomMenu } from "@/lib/demo/custom-menus";
import { listCustomMenus } from "@/lib/custom-menus/records";

// Shared by the custom menus suites (test/custom-menus/) and the menus suites that meet the family.

export const DEPRECATION = "@1675209600";
export const SUNSET = "Sun, 01 Oct 2023 00:00:00 GMT";

export function expectDeprecated(response: ApiResponse, successor: string | null) {
  expect(response.headers.get("deprecation")).toBe(DEPRECATION);
  expect(response.headers.get("sunset")).toBe(SUNSET);
  expect(response.headers.get("link")).toBe(successor === null ? null : `</api/v1/${successor}>; rel="successor-version"`);
}

export async function locationIds(account: Account): Promise<number[]> {
  return (await api.get("locations", { as: account.ro })).body.locations.map((location: { id: number }) => location.id);
}

/** The demo custom menu (2 sections, 5 items, containers): seeded now, or the one the demo seed made. */
export async function seedMenu(locationId: number) {
  const database = await db();
  const created = await seedCustomMenu(database, { id: locationId });
  if (created) return created;
  const [seeded] = await listCustomMenus(database, { locationId });
  return seeded!;
}

export async function fullMenu(as: Credentials, id: number) {
  const response = await api.get(`custom_menus/${id}?full=true`, { as });
  expect(response.status).toBe(200);
  return response.body.custom_menu;
}

export const positionsOf = (records: { id: number; position: number }[]) => records.map(({ id, position }) => ({ id, position }));
