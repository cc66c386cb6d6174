import { beerCatalogue } from "@/lib/beer-platform/catalogue";
import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { csvImportEnvelope, importCsvQuery, menuCsvBody } from "@/lib/menus/schemas/csv";
import { importMenuCsv } from "@/lib/menus/csv/import";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // PUT /api/v1/menus/:id/import.csv — replace the menu's content with a CSV file (dry_run=true: check it only)
  PUT: endpoint(
    { may: "edit", scope: "menus", at: "menu", params: idParams, query: importCsvQuery, body: menuCsvBody, response: csvImportEnvelope },
    async ({ db, caller, params, query, body }) =>
      json({
        import: await importMenuCsv(db, {
          businessId: caller.user.businessId,
          id: params.id,
          text: body,
          dryRun: query.dry_run,
          catalogue: beerCatalogue(),
        }),
      }),
  ),
});
