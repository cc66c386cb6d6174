// What the benchmarks read and write, built through the API: the large menu (20 scheduled sections × 25 items
// × 3 prices) and a 50-item section whose order the positions batches flip. Shared by `npm run bench`
// and `npm run bench -- profile`.

export const MENU_SHAPE = [20, 25, 3] as const;
const EVERY_DAY = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
export const BATCH_ITEMS = 50;

export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init?.method ?? "GET"} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export type Fixtures = { menuId: number; demoMenuId: number; sectionId: number; itemIds: number[]; nextBatch: () => string };

/** Builds, through the API, the large menu and the section whose items the positions batches reorder. */
export async function buildFixtures(base: string, authorization: string, locationId: number): Promise<Fixtures> {
  const post = async <T>(path: string, body: unknown) =>
    getJson<T>(`${base}/api/v1${path}`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const { container_sizes: sizes } = await getJson<{ container_sizes: { id: number }[] }>(`${base}/api/v1/container_sizes`, {
    headers: { authorization },
  });
  const [sectionCount, itemCount, containerCount] = MENU_SHAPE;
  const { menu } = await post<{ menu: { id: number } }>(`/locations/${locationId}/menus`, { menu: { name: "Bench menu" } });
  for (let s = 0; s < sectionCount; s++) {
    // A schedule on every section (venue-operations §7), each worked out on every read: every day, round
    // the clock, so each section shows whenever the bench runs and every answer is the same size.
    const { section } = await post<{ section: { id: number } }>(`/menus/${menu.id}/sections`, {
      section: { name: `Section ${s + 1}`, schedule: { windows: [{ days: EVERY_DAY, start: `0${s % 10}:00`, end: `0${s % 10}:00` }] } },
    });
    await Promise.all(
      Array.from({ length: itemCount }, async (_, i) => {
        const { item } = await post<{ item: { id: number } }>(`/sections/${section.id}/items`, {
          item: { name: `Beer ${s + 1}.${i + 1}`, brewery: "Bench Brewing", style: "IPA", abv: 6.5, description: "Hoppy." },
        });
        for (let c = 0; c < containerCount; c++) {
          await post(`/items/${item.id}/containers`, { container: { container_size_id: sizes[c % sizes.length]!.id, price: 5 + c } });
        }
      }),
    );
  }
  const { section } = await post<{ section: { id: number } }>(`/menus/${menu.id}/sections`, { section: { name: "Batch" } });
  const ids: number[] = [];
  for (let i = 0; i < BATCH_ITEMS; i++)
    ids.push((await post<{ item: { id: number } }>(`/sections/${section.id}/items`, { item: { name: `Item ${i}` } })).item.id);
  // Alternates between the list and its reverse: every batch is valid and changes every position.
  let flip = false;
  const nextBatch = () => {
    flip = !flip;
    const order = flip ? [...ids].reverse() : ids;
    return JSON.stringify({ items: order.map((id, position) => ({ id, position })) });
  };
  const { menus } = await getJson<{ menus: { id: number }[] }>(`${base}/api/v1/locations/${locationId}/menus`, {
    headers: { authorization },
  });
  const large = await getJson<{ menu: { sections: { items: { id: number }[] }[] } }>(`${base}/api/v1/menus/${menu.id}?full=true`, {
    headers: { authorization },
  });
  const itemIds = large.menu.sections.flatMap((section) => section.items.map((item) => item.id));
  return { menuId: menu.id, demoMenuId: menus[0]!.id, sectionId: section.id, itemIds, nextBatch };
}
