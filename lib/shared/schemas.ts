import { z } from "zod";
import { priceText } from "./price-text";

// Shared by route handlers and dashboard forms: keep this module free of server-only imports.

/** A path id: a positive integer written in decimal. Anything else finds nothing (404). */
export const idParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().max(2_147_483_647));

export const idParams = z.object({ id: idParam });

export const positiveId = z.coerce
  .number({ error: "must be a positive integer" })
  .int("must be a positive integer")
  .positive("must be a positive integer")
  .max(2_147_483_647, "is too large");

/** A place in a list of siblings, as a request sends it: a whole number from 0. */
export const positionInput = z
  .number({ error: "must be a whole number from 0" })
  .int("must be a whole number from 0")
  .min(0, "must be a whole number from 0");

/** Query flags: true/false/1/0; unset is false. */
export const queryFlag = z
  .enum(["true", "false", "1", "0", ""], { error: "must be true or false" })
  .optional()
  .transform((value) => value === "true" || value === "1");

const isRealDate = (value: string) => {
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
};

export const dateString = z
  .string({ error: "must be a date as YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD")
  .refine(isRealDate, "is not a calendar date");

export const timeString = z
  .string({ error: "must be a 24-hour time as HH:MM" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a 24-hour time as HH:MM");

/**
 * C0 control characters but tab, line feed and carriage return, and DEL: no name or text a person types
 * holds one, and PostgreSQL's text cannot store NUL at all (it was a 500).
 */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters";
export const withoutControlCharacters = (value: string) => !CONTROL_CHARACTER.test(value);

/** Optional text that may be cleared: "" and null both store null. */
/** An optional email address (a contact's): trimmed, lower-cased, "" or null clears it, at most 320 characters. */
export const optionalEmail = z
  .string({ error: "must be a string" })
  .trim()
  .max(320, "must be at most 320 characters")
  .refine((value) => value === "" || z.email().safeParse(value).success, "must be an email address")
  .nullable()
  .optional()
  .transform((value) => (value === undefined ? undefined : value ? value.toLowerCase() : null));

export const optionalText = (max: number) =>
  z
    .string({ error: "must be a string" })
    .max(max, `must be at most ${max} characters`)
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .nullable()
    .optional()
    .transform((value) => (value === undefined ? undefined : value === null || value.trim() === "" ? null : value.trim()));

/** A decimal accepted as a number or a numeric string (contract §3), kept as a string. */
export const decimalInput = (min: number, max: number) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d+(\.\d+)?$/, "must be a number"),
      ],
      { error: "must be a number" },
    )
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`))
    .transform(String);

/** Money accepted as a number or a price as typed ("£6.50", "7,20": lib/shared/price-text.ts), at most two decimals, kept as "6.50". */
export const moneyInput = z
  .union(
    [
      z.number(),
      z
        .string()
        .transform(priceText)
        .pipe(z.string().regex(/^\d+(\.\d+)?$/, "must be a number, such as 6.50 or 6,50")),
    ],
    {
      error: (issue) => (issue.input === undefined ? "is required" : "must be a number, such as 6.50 or 6,50"),
    },
  )
  .transform(Number)
  .pipe(
    z
      .number()
      .min(0, "must not be negative")
      .max(99_999_999.99, "is too large")
      .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, "has more than two decimals"),
  )
  .transform((value) => value.toFixed(2));

/** A view's source label (API, HomePage, TV Board…); unset is API. */
export const sourceName = z
  .string()
  .trim()
  .max(64, "must be at most 64 characters")
  .regex(/^[\p{L}\p{N} _.-]*$/u, "may hold letters, digits, spaces, dots, dashes and underscores")
  .optional()
  .transform((value) => value || "API");

export const requiredText = (max: number) =>
  z
    .string({ error: "is required" })
    .trim()
    .min(1, "can't be blank")
    .max(max, `must be at most ${max} characters`)
    .refine(withoutControlCharacters, CONTROL_CHARACTER_MESSAGE);

// ---- answers ----
// Response schemas are strict: a field the schema does not name, or one it names that is missing,
// fails. Serializers declare the inferred types as their return types; tests validate every answer.

/** Timestamps are ISO 8601 UTC with milliseconds and `Z`. */
export const timestamp = z.iso.datetime();
export const recordId = z.number().int().positive();
export const listPosition = z.number().int().min(0);
/** A decimal as the API writes it ("4.4", "5.0", "12.5000"). */
export const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);
/** Money: two decimals, "6.50". */
export const moneyString = z.string().regex(/^\d+\.\d{2}$/);

/** `{ <key>: schema }`: the one-key envelope every record and list is answered in. */
export const envelope = <K extends string, S extends z.ZodType>(key: K, schema: S) => z.strictObject({ [key]: schema } as { [P in K]: S });

/**
 * Resource keys of the bodies written as one record's bare fields (`{code, name}` for a board), which a
 * request may also send under the key (`{board: {code, name}}`): decision 073, the other half of 012,
 * applied by the request wrapper (lib/http/body.ts). A body written `{board: {…}}` names its key by its
 * shape and is not listed here.
 */
export const bodyResources = z.registry<{ resource: string }>();

/** A body schema of `resource`'s bare fields, also taken under its key. */
export const resourceFields = <S extends z.ZodType>(resource: string, schema: S): S => {
  bodyResources.add(schema, { resource });
  return schema;
};

const problemCode = z.string().regex(/^[a-z_]+$/);
const problemStatus = z.number().int().min(400).max(599);
const fieldErrors = z.array(
  z.union([
    z.strictObject({ path: z.string(), message: z.string() }),
    /** A CSV body's cell: the line as a spreadsheet numbers it (the header is line 1) and the column. */
    z.strictObject({ line: z.number().int().min(1), field: z.string(), message: z.string() }),
  ]),
);

/**
 * RFC 9457 problem details with the `code` of contract §3; `errors` on a 422; beside them the `error`
 * object integrations written for the service we replace read.
 */
export const problemResponse = z.strictObject({
  type: z.string().regex(/^urn:taproom:problem:[a-z_]+$/),
  title: z.string(),
  status: problemStatus,
  detail: z.string(),
  code: problemCode,
  errors: fieldErrors.optional(),
  /** 502 source_failed: the status the import's source answered, null when it did not answer. */
  source_status: z.number().int().nullable().optional(),
  error: z.strictObject({ code: problemCode, status: problemStatus, detail: z.string(), errors: fieldErrors.optional() }),
  /** The request's id, as in its X-Request-Id header and its log lines. */
  request_id: z.string().optional(),
});

export type ProblemResponse = z.infer<typeof problemResponse>;
