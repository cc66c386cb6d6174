import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { searchItemsEnvelope, searchItemsQuery } from "@/lib/menus/schemas/menus";
import { beerCatalogue } from "@/lib/beer-platform/catalogue";
import { searchCatalogue } from "@/lib/menus/items";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/items/search?q= — beers from the catalogue, shaped as items; did_you_mean when none matches
  GET: endpoint(
    { may: "read", scope: "menus", query: searchItemsQuery, response: searchItemsEnvelope, problems: [429] },
    async ({ caller, query }) =>
      json(await searchCatalogue({ businessId: caller.user.businessId, query: query.q, limit: query.limit, catalogue: beerCatalogue() })),
  ),
});
