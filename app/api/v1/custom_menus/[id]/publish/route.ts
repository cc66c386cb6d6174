import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { customMenuEnvelope } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { setCustomMenuPublished } from "@/lib/custom-menus/menus";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  "menus/:id/publish",
  resource({
    // POST /api/v1/custom_menus/:id/publish — publish a custom menu (already published: unchanged)
    POST: endpoint(
      { may: "publish", scope: "menus", at: "custom_menu", params: idParams, response: customMenuEnvelope },
      async ({ db, caller, params }) =>
        json({ custom_menu: await setCustomMenuPublished(db, { businessId: caller.user.businessId, id: params.id, published: true }) }),
    ),
  }),
);
