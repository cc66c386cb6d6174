import { endpoint, resource } from "@/lib/http/handler";
import { json } from "@/lib/http/responses";
import { idParams } from "@/lib/shared/schemas";
import { ingestLocation, ingestPours } from "@/lib/taps/ingest";
import { pourBatchAnswer, pourBatchBody } from "@/lib/taps/schemas";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = resource({
  // POST /api/v1/locations/:id/pours — a flow meter's batch of pours, sent with the location's ingest token (docs/flow-meters.md)
  POST: endpoint(
    {
      auth: false,
      params: idParams,
      admit: ({ db, params, request }) =>
        ingestLocation(db, { locationId: params.id, authorization: request.headers.get("authorization") }),
      body: pourBatchBody,
      response: pourBatchAnswer,
      problems: [401],
    },
    async ({ db, admitted, body }) => json(await ingestPours(db, { location: admitted, input: body })),
  ),
});
