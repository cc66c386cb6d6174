import { conditional } from "@/lib/http/conditional";
import { endpoint, resource } from "@/lib/http/handler";
import { idParams } from "@/lib/shared/schemas";
import { googleFoodMenusResponse, googleMenuQuery } from "@/lib/menus/schemas/off-screen";
import { googleMenu } from "@/lib/menus/off-screen/google-menu";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // GET /api/v1/locations/:id/google_menu.json — the published menus in Google Business Profile's FoodMenus shape; lang: in that language when the location has it
  GET: endpoint(
    {
      may: "read",
      scope: "menus",
      at: "location",
      params: idParams,
      query: googleMenuQuery,
      response: googleFoodMenusResponse,
      conditional: true,
    },
    async ({ db, caller, params, query, request }) =>
      conditional(request, await googleMenu(db, { businessId: caller.user.businessId, id: params.id }, query.lang), {
        headers: { "content-disposition": `inline; filename="google-menu-${params.id}.json"` },
      }),
  ),
});
