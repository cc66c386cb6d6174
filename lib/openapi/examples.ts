// Examples for the API description, taken from the demo data (lib/demo): the demo owner's login and
// the demo's consolidated menu. test/openapi/openapi.test.ts checks each against its schema and the demo data.

/** Keyed by "METHOD /path" as in the document; `request` is the body, `responses` by status. */
export const EXAMPLES: Record<string, { request?: unknown; responses?: Record<number, unknown> }> = {
  "POST /api/v1/sessions": {
    request: { email: "owner@demo.test", password: "demo-owner-pass" },
  },
  "GET /api/v1/menus/{id}": {
    responses: {
      200: {
        menu: {
          id: 1,
          location_id: 1,
          uuid: "7f3c2a9e-4b1d-4c8e-9a2f-1d3b5c7e9f01",
          name: "Beer List",
          description: "What's pouring today.",
          footer: "Ask your server about tasting flights.",
          unpublished: false,
          position: 0,
          legacy_menu_id: null,
          source_id: null,
          version: 1,
          created_at: "2025-01-01T12:00:00.000Z",
          updated_at: "2025-01-01T12:00:00.000Z",
        },
      },
    },
  },
  "POST /api/v1/menus/{id}/sections": {
    request: { section: { name: "On Tap", description: "Rotating draft lines." } },
  },
};
