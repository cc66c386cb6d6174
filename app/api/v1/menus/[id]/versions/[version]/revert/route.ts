import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { menuVersionEnvelope, versionParams } from "@/lib/menus/schemas/history";
import { revertMenu } from "@/lib/menus/history/revert";
import { parseVersion } from "@/lib/menus/history/versions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/menus/:id/versions/:version/revert — restore the tree as it was, as a new version (menu.reverted)
  POST: endpoint(
    { may: "edit", scope: "menus", at: "menu", params: versionParams, response: menuVersionEnvelope, problems: [409, 422] },
    async ({ db, caller, params }) =>
      json({ menu: await revertMenu(db, { businessId: caller.user.businessId, id: params.id, version: parseVersion(params.version) }) }),
  ),
});
