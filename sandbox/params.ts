import { z } from "zod";
import { invalidParam } from "./errors";

const MAX_INT = 2_147_483_647;

/** A whole number ≥ `min` written in decimal digits: "12"; "1.5", "-1", "abc" and "" fail. */
export const whole = (name: string, min = 0) =>
  z
    .string({ error: `${name} is required.` })
    .regex(/^\d{1,10}$/, `${name} must be a whole number.`)
    .transform(Number)
    .refine((n) => n >= min && n <= MAX_INT, `${name} must be between ${min} and ${MAX_INT}.`);

/** A decimal number as written in a query: "-5", "52.37". */
export const decimal = /^[+-]?\d+(\.\d+)?$/;

/** Latitude (`limit` 90) or longitude (180) in decimal degrees. */
export const coordinate = (name: string, limit: number) =>
  z
    .string()
    .regex(decimal, `${name} must be a number.`)
    .transform(Number)
    .refine((value) => Math.abs(value) <= limit, `${name} must be between -${limit} and ${limit}.`);

/** A record id in a path or query: a positive integer. */
export const recordId = (name: string) => whole(name, 1);

/** Platform user names: letters, digits, dot, dash and underscore, 1–64 characters. */
export const username = z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, "USERNAME is not a valid user name.");

/** offset/limit: limit must be ≥ 1; a limit above `max` is clamped to `max` (the platform does the same). */
export const paging = (max: number, fallback: number) => ({
  offset: whole("offset").default(0),
  limit: whole("limit", 1)
    .transform((n) => Math.min(n, max))
    .default(fallback),
});

/** Feeds: max_id (start at this id, inclusive), min_id (only newer), limit. */
export const feedParams = (max: number, fallback: number) =>
  z.object({
    max_id: recordId("max_id").optional(),
    min_id: whole("min_id").optional(),
    limit: paging(max, fallback).limit,
  });

/**
 * sort: one of `options`, in any case; anything else (unknown, empty) is the endpoint's default, as the
 * platform falls back to its default rather than refusing the call.
 */
export const lenientSort = <const T extends readonly [string, ...string[]]>(options: T, fallback: T[number]) =>
  z
    .string()
    .optional()
    .transform((value): T[number] => {
      const wanted = value?.trim().toLowerCase() ?? "";
      return options.find((option) => option === wanted) ?? fallback;
    });

/**
 * The platform's own names for the neutral words the spec uses in their place (v4-public-api.md replaces
 * third-party product names): callers may send either.
 */
export const PLATFORM_PARAM_NAMES = {
  directory_id: "foursquare_id",
  directory: "foursquare",
  social_1: "twitter",
  social_2: "facebook",
} as const;

/** Parameters under the spec's names: a platform name counts as its neutral word; both, with different values, is 400. */
export function neutralNames(params: Record<string, string>): Record<string, string> {
  const named = { ...params };
  for (const [neutral, platform] of Object.entries(PLATFORM_PARAM_NAMES)) {
    const value = named[platform];
    if (value === undefined) continue;
    delete named[platform];
    const given = named[neutral];
    if (given !== undefined && given !== value) throw invalidParam(`${platform} and ${neutral} name the same parameter: send one of them.`);
    named[neutral] = value;
  }
  return named;
}

export const onOff = (name: string) => z.enum(["on", "off"], { error: `${name} must be "on" or "off".` }).default("off");

/** Text of at most 140 characters (Unicode code points), not blank. */
export const shortText = (name: string, { required }: { required: boolean }) => {
  const text = z
    .string({ error: `${name} is required.` })
    .refine((value) => [...value].length <= 140, `${name} must be at most 140 characters.`);
  return required ? text.refine((value) => value.trim() !== "", `${name} is required.`) : text;
};

/** Parses request parameters with a zod schema; the first failure becomes a 400 invalid_param. */
export function parseParams<T>(schema: z.ZodType<T>, input: Record<string, string | undefined>): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const name = issue.path.join(".");
  const message = issue.code === "invalid_type" && input[name] === undefined ? `${name} is required.` : issue.message;
  throw invalidParam(message);
}
