import { z } from "zod";
import { allergensResponse, dietaryResponse } from "@/lib/menus/schemas/labels";
import { ApiError } from "@/lib/server/errors";
import { log } from "@/lib/server/log";
import { outboundRequest, type Resolver } from "@/lib/server/outbound/request";

// Reading a location from the service venues move from (venue-operations §6), through its v1 API, the
// one Taproom serves too: the location, its menus with include_legacy (custom menus answered in the
// consolidated shape), each menu's whole tree, its events and its hours. Every call goes through the
// outbound guard (lib/server/outbound/) with a timeout; an error answer, a cut connection or an answer
// that is not what the API promises stops the import before anything is written (502 source_failed).
// The shapes are read leniently: what the service adds is ignored, what it leaves out is null.

export type SourceAccess = { baseUrl: string; email: string; token: string };
export type SourceOptions = { allowPrivate: boolean; timeoutMs: number; resolve?: Resolver };

/**
 * The most an import reads from its source, in all its answers together (decision 076). Every answer is
 * parsed and checked whole, and the menus are kept until the import's transaction: what is read stays in
 * the heap, several times its size as objects. A menu of 1,000 items is about 1.5 MB, so 8 MiB is a
 * location with five such menus; on the small-server profile's 128 MiB heap an import that size fits
 * beside the server's own live set (scripts/measure-restore-heap.ts measures the same parse for a restore).
 * Each answer is cut while it streams at what is left of it (lib/server/outbound/request.ts).
 */
export const MAX_SOURCE_BYTES = 8 * 1024 * 1024;
const MIB = 1024 * 1024;

/** What is left of an import's MAX_SOURCE_BYTES: each answer read takes its size from it. */
type Allowance = { left: number };

const text = z
  .string()
  .nullish()
  .transform((value) => value ?? null);
const flag = (fallback: boolean) =>
  z
    .boolean()
    .nullish()
    .transform((value) => value ?? fallback);
const decimal = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === "" ? null : String(value)));
const count = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => (value === null || value === undefined || value === "" ? null : Math.round(Number(value))));
const instant = z
  .string()
  .nullish()
  .transform((value) => (value ? new Date(value) : null))
  .refine((value) => value === null || !Number.isNaN(value.getTime()), "must be a date and time");

/** Kept as answered (undefined when left out), for the item's original_* fields. */
const raw = z.union([z.string(), z.number()]).nullish();

const sourceContainer = z.object({
  id: z.number().int(),
  name: text,
  price: decimal,
  calories: count,
  container_size: z.object({ name: z.string() }).nullish(),
  // The editor's order at the source; a source that reads its prices by volume (this app, decision 081)
  // still answers each one's place.
  position: z.number().int().nullish().catch(null),
  created_at: instant,
  updated_at: instant,
});

const sourceItem = z.object({
  id: z.number().int(),
  untappd_id: count,
  name: text,
  brewery: text,
  style: text,
  description: text,
  abv: decimal,
  ibu: decimal,
  calories: count,
  // Left out by a service that only answers the plain fields: then those are the originals.
  original_name: raw,
  original_brewery: raw,
  original_style: raw,
  original_description: raw,
  original_abv: raw,
  original_ibu: raw,
  original_calories: raw,
  custom_name: text,
  custom_brewery: text,
  custom_style: text,
  custom_description: text,
  custom_abv: decimal,
  custom_ibu: decimal,
  custom_calories: count,
  label_image: text,
  label_image_hd: text,
  brewery_location: text,
  untappd_beer_slug: text,
  untappd_brewery_id: count,
  tap_number: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? null : String(value))),
  cask: flag(false),
  nitro: flag(false),
  in_production: flag(true),
  rating: decimal,
  eighty_sixed: flag(false),
  eighty_sixed_until: instant,
  // Left out by a service older than reasons (or not this one): the 86 is kept, its reason unknown.
  eighty_sixed_reason: z.enum(["manual", "kicked", "pos"]).nullish().catch(null),
  // What is in it (venue-operations §13), answered by a source that knows it (this app); the service we
  // replace does not: left out, the item keeps its own. A list with a word this app does not know is dropped.
  allergens: allergensResponse.nullish().catch(null),
  dietary: dietaryResponse.nullish().catch(null),
  created_at: instant,
  updated_at: instant,
  containers: z
    .array(sourceContainer)
    .nullish()
    .transform((value) => value ?? []),
});

const sourceSection = z.object({
  id: z.number().int(),
  name: text,
  description: text,
  type: z.string().nullish(),
  public: flag(true),
  created_at: instant,
  updated_at: instant,
  items: z
    .array(sourceItem)
    .nullish()
    .transform((value) => value ?? []),
});

const sourceMenu = z.object({
  id: z.number().int(),
  name: z.string(),
  description: text,
  footer: text,
  unpublished: flag(true),
  legacy: flag(false),
  created_at: instant,
  updated_at: instant,
  sections: z
    .array(sourceSection)
    .nullish()
    .transform((value) => value ?? []),
  on_deck_section: sourceSection.nullish(),
});

const sourceEvent = z.object({
  id: z.number().int(),
  name: z.string(),
  description: text,
  start_time: instant.refine((value) => value !== null, "is required"),
  end_time: instant,
  link: text,
  location_name: text,
  street: text,
  city: text,
  state: text,
  zip: text,
  country: text,
  latitude: decimal,
  longitude: decimal,
  place_json: z.record(z.string(), z.unknown()).nullish(),
  from_facebook: flag(false),
  created_at: instant,
  updated_at: instant,
});

const sourceHour = z.object({
  day: z.string(),
  always_open: flag(false),
  closed: flag(false),
  open_at: text,
  close_at: text,
  updated_at: instant,
});

const sourceLocation = z.object({ id: z.number().int(), name: z.string(), city: text, currency: text, time_zone: text });

export type SourceContainer = z.infer<typeof sourceContainer>;
export type SourceItem = z.infer<typeof sourceItem>;
export type SourceSection = z.infer<typeof sourceSection>;
export type SourceMenu = z.infer<typeof sourceMenu>;
export type SourceEvent = z.infer<typeof sourceEvent>;
export type SourceHour = z.infer<typeof sourceHour>;
export type SourceLocation = z.infer<typeof sourceLocation>;

/** Everything an import takes from one source location, read before anything is written. */
export type SourceSnapshot = {
  location: SourceLocation;
  menus: SourceMenu[];
  events: SourceEvent[];
  hours: SourceHour[];
};

/** The source answered an error, or no answer came: a 502 with the source's status (null: none). */
export function sourceFailed(what: string, status: number | null, why: string): ApiError {
  return new ApiError("source_failed", `Reading ${what} from the source failed: ${why}. Nothing was imported.`, { sourceStatus: status });
}

/** The one reason a caller is told when no answer came from the source. */
export const UNREACHABLE = "could not reach the source (check the URL, and that it answers from here)";

const STATUS_HINTS: Record<number, string> = {
  401: "it did not accept the email and token",
  403: "the token may not read this",
  404: "it has no such record (check the location)",
  429: "it is limiting requests; try again later",
};

/** The scheme, host and path of the source's base URL without a trailing slash: how its records are told apart. */
export function normalizeBaseUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

/** One GET of the source's v1 API, parsed with `schema`. */
async function read<S extends z.ZodType>(
  access: SourceAccess,
  options: SourceOptions,
  { what, path, schema }: { what: string; path: string; schema: S },
  allowance: Allowance = { left: MAX_SOURCE_BYTES },
): Promise<z.output<S>> {
  const url = `${normalizeBaseUrl(access.baseUrl)}/api/v1/${path}`;
  const answer = await outboundRequest(
    {
      method: "GET",
      url,
      headers: {
        authorization: `Basic ${Buffer.from(`${access.email}:${access.token}`).toString("base64")}`,
        accept: "application/json",
        "user-agent": "Taproom-Import/1",
      },
    },
    { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs, maxBytes: allowance.left, resolve: options.resolve },
  );
  if (answer.status === null) {
    // Why no answer came (a name that does not resolve, a refused connection, an internal address, no
    // answer in time) is for the server's log only: told to the caller, it maps the inside's names and ports.
    log().warn({ what, host: new URL(url).host, reason: answer.error }, "An import's source could not be reached");
    throw sourceFailed(what, null, UNREACHABLE);
  }
  if (answer.status < 200 || answer.status > 299) {
    throw sourceFailed(
      what,
      answer.status,
      `it answered ${answer.status}${STATUS_HINTS[answer.status] ? ` (${STATUS_HINTS[answer.status]})` : ""}`,
    );
  }
  if (answer.tooBig) {
    const whole = allowance.left === MAX_SOURCE_BYTES;
    throw sourceFailed(
      what,
      answer.status,
      whole
        ? `its answer is larger than the ${MAX_SOURCE_BYTES / MIB} MiB an import reads`
        : `its answers together are larger than the ${MAX_SOURCE_BYTES / MIB} MiB an import reads (this one passed the ${(allowance.left / MIB).toFixed(1)} MiB left)`,
    );
  }
  allowance.left -= answer.body.byteLength;
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString("utf8"));
  } catch {
    throw sourceFailed(what, answer.status, "its answer is not JSON");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw sourceFailed(
      what,
      answer.status,
      `its answer is not what the v1 API promises (${issue.path.join(".") || "body"}: ${issue.message})`,
    );
  }
  return parsed.data;
}

/** The source locations the credentials can read: what the person picks from. */
export async function readSourceLocations(access: SourceAccess, options: SourceOptions): Promise<SourceLocation[]> {
  const answer = await read(access, options, {
    what: "the locations",
    path: "locations",
    schema: z.object({ locations: z.array(sourceLocation) }),
  });
  return answer.locations;
}

/**
 * Reads the whole source location, one request at a time (the source's rate limit is not ours to
 * test), calling `progress(done, total)` after each; the total grows once the menu list is known.
 */
export async function readSource(
  access: SourceAccess,
  options: SourceOptions,
  sourceLocationId: number,
  progress: (done: number, total: number) => Promise<void>,
): Promise<SourceSnapshot> {
  const allowance: Allowance = { left: MAX_SOURCE_BYTES };
  let total = 4;
  let done = 0;
  const step = async () => progress(++done, total);
  const at = `locations/${sourceLocationId}`;
  const { location } = await read(
    access,
    options,
    { what: "the location", path: at, schema: z.object({ location: sourceLocation }) },
    allowance,
  );
  await step();
  const list = await read(
    access,
    options,
    {
      what: "the menu list",
      path: `${at}/menus?include_legacy=true`,
      schema: z.object({ menus: z.array(z.object({ id: z.number().int(), name: z.string(), legacy: flag(false) })) }),
    },
    allowance,
  );
  total += list.menus.length;
  await step();
  const menus: SourceMenu[] = [];
  for (const entry of list.menus) {
    const { menu } = await read(
      access,
      options,
      {
        what: `menu “${entry.name}”`,
        path: `menus/${entry.id}?full=true&include_legacy=true&source_name=Taproom%20import`,
        schema: z.object({ menu: sourceMenu }),
      },
      allowance,
    );
    menus.push({ ...menu, legacy: entry.legacy || menu.legacy });
    await step();
  }
  const { events } = await read(
    access,
    options,
    {
      what: "the events",
      path: `${at}/events`,
      schema: z.object({ events: z.array(sourceEvent) }),
    },
    allowance,
  );
  await step();
  const { hours } = await read(
    access,
    options,
    {
      what: "the hours",
      path: `${at}/hours`,
      schema: z.object({ hours: z.array(sourceHour) }),
    },
    allowance,
  );
  await step();
  return { location, menus, events, hours };
}
