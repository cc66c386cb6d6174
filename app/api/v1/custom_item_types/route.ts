import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { customItemTypesEnvelope } from "@/lib/custom-menus/schemas/custom-menus";
import { deprecated } from "@/lib/custom-menus/deprecation";
import { listCustomItemTypes } from "@/lib/custom-menus/item-types";

// Nothing replaces item types (a consolidated item carries its kind as `style`), so no successor link.
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = deprecated(
  null,
  resource({
    // GET /api/v1/custom_item_types — wine, cocktail, food… in position order
    GET: endpoint({ may: "read", scope: "menus", response: customItemTypesEnvelope }, async ({ db }) =>
      json({ custom_item_types: await listCustomItemTypes(db) }),
    ),
  }),
);
