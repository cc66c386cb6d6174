import { z } from "zod";
import { resourceFields } from "@/lib/shared/schemas";

// POS sync's bodies and answers (pos.md §2–4).

export const POS_PROVIDERS = ["square", "toast"] as const;
export const POS_DIRECTIONS = ["pos_to_taproom", "taproom_to_pos", "prices_from_pos"] as const;
const externalId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, "letters, digits, - and _");

/** Toast's way in (no consent page): its API client's id and secret and the restaurant's GUID; the dashboard's form too. */
export const toastKeysFields = z
  .object({
    client_id: z.string().trim().min(1, "is required").max(200),
    client_secret: z.string().min(1, "is required").max(500),
    restaurant_guid: externalId,
  })
  .strict();

export const createPosConnectionBody = resourceFields(
  "pos_connection",
  z
    .object({
      provider: z.enum(POS_PROVIDERS),
      external_location_id: externalId.optional(),
      direction: z.enum(POS_DIRECTIONS).optional(),
      // Toast (no consent page): its API client's id and secret and the restaurant's GUID (the secret kept sealed).
      client_id: toastKeysFields.shape.client_id.optional(),
      client_secret: toastKeysFields.shape.client_secret.optional(),
      restaurant_guid: toastKeysFields.shape.restaurant_guid.optional(),
    })
    .strict(),
);

export const updatePosConnectionBody = resourceFields(
  "pos_connection",
  z
    .object({ external_location_id: externalId.optional(), direction: z.enum(POS_DIRECTIONS).optional() })
    .strict()
    .refine((body) => Object.keys(body).length > 0, "name at least one of external_location_id, direction"),
);

export const posConnectionJson = z.object({
  id: z.number().int(),
  location_id: z.number().int(),
  provider: z.enum(POS_PROVIDERS),
  status: z.enum(["pending", "connected", "error", "disconnected"]),
  authorize_url: z.string().nullable(),
  external_location_id: z.string().nullable(),
  direction: z.enum(POS_DIRECTIONS),
  /** The directions the provider can take (`taproom_to_pos` only where its API takes catalogue writes). */
  directions: z.array(z.enum(POS_DIRECTIONS)),
  last_sync_at: z.string().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const posConnectionEnvelope = z.object({ pos_connection: posConnectionJson });
export const posConnectionsEnvelope = z.object({ pos_connections: z.array(posConnectionJson) });

export const MAPPINGS_MAX = 2000;
export const mappingJson = z.object({
  pos_item_id: z.string(),
  pos_variation_id: z.string(),
  pos_name: z.string(),
  pos_variation_name: z.string(),
  pos_price: z.string().nullable(),
  sold_out: z.boolean(),
  item_id: z.number().int().nullable(),
  container_id: z.number().int().nullable(),
  status: z.enum(["matched", "suggested", "unmatched"]),
});
export const mappingsEnvelope = z.object({ mappings: z.array(mappingJson) });
export const putMappingsBody = z
  .object({
    mappings: z
      .array(
        z
          .object({
            pos_variation_id: z.string().min(1).max(64),
            item_id: z.number().int().positive(),
            container_id: z.number().int().positive(),
          })
          .strict(),
      )
      .max(MAPPINGS_MAX),
  })
  .strict();

export const syncQuery = z.object({ dry_run: z.enum(["true", "false"]).optional() });
export const syncEnvelope = z.object({
  sync: z.object({
    dry_run: z.boolean(),
    created: z.number().int(),
    updated: z.number().int(),
    removed: z.number().int(),
    eighty_sixed: z.number().int(),
    restored: z.number().int(),
    errors: z.array(z.object({ pos_variation_id: z.string(), message: z.string() })),
  }),
});
export type SyncReport = z.infer<typeof syncEnvelope>["sync"];
