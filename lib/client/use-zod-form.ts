"use client";

import { toNestErrors } from "@hookform/resolvers";
import { useEffect, useMemo, useState } from "react";
import {
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from "react-hook-form";
import type { z } from "zod";
import { ApiProblem } from "./api";

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * A form's schema, or a loader of it: a page whose form is there on first paint (welcome, account,
 * hours) loads its schema, and zod with it, apart from the page's first load (decision 068), and
 * starts that load as the form mounts, so it is in long before the first check needs it.
 */
export type SchemaSource<S extends Schema> = S | (() => Promise<S>);

// Not @hookform/resolvers/zod: for a union field (money, decimals) it swaps the union's own message
// ("must be a number") for a branch's ("Invalid input: expected number…"). The form shows zod's
// top-level messages, the same ones the API answers with.
function zodFormResolver<S extends Schema>(schema: () => Promise<S> | S): Resolver<z.input<S>, unknown, z.output<S>> {
  return async (values, _context, options) => {
    let loaded: S;
    try {
      loaded = await schema();
    } catch {
      // The schema did not load (the network dropped): the server checks with the same schema, and
      // its 422 lands on the same fields.
      return { values: values as z.output<S>, errors: {} };
    }
    const result = await loaded.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) errors[issue.path.join(".")] ??= { type: issue.code, message: issue.message };
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}

/** The one form hook: react-hook-form validated by the same zod schema the API handler uses. */
export function useZodForm<S extends Schema>(
  source: SchemaSource<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  // A loader is called once per form (its promise kept), and at once, not at the first check; a new
  // source (a schema made from props) is followed, as a schema given directly always was.
  const schema = useMemo(() => {
    if (typeof source !== "function") return () => source;
    let loading: Promise<S> | null = null;
    const load = () =>
      source().catch((error: unknown) => {
        loading = null; // tried again at the next check
        throw error;
      });
    return () => (loading ??= load());
  }, [source]);
  useEffect(() => {
    Promise.resolve(schema()).catch(() => {});
  }, [schema]);
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: "onTouched", ...options, resolver: zodFormResolver(schema) });
}

/**
 * Puts a 422's field errors on the form's fields. `prefix` is the body's wrapper key ("event." for
 * `{event: {...}}`), stripped from the server's paths. Returns the problem's message when no field took it.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  error: unknown,
  prefix = "",
): string | null {
  if (!(error instanceof ApiProblem)) return error instanceof Error ? error.message : "Something went wrong. Try again.";
  let placed = false;
  for (const fieldError of error.errors) {
    const path = fieldError.path.startsWith(prefix) ? fieldError.path.slice(prefix.length) : fieldError.path;
    if (!path) continue;
    form.setError(path as Path<T>, { type: "server", message: fieldError.message });
    placed = true;
  }
  return placed ? null : error.message;
}

/**
 * The one submit of a form that saves through the API: validates, runs `send`, and on refusal puts
 * the server's field errors on the fields; `failure` is the message no field took (shown above the
 * buttons). Nothing the user typed is lost.
 */
export function useServerSubmit<TIn extends FieldValues, TOut>(
  form: UseFormReturn<TIn, unknown, TOut>,
  send: (values: TOut) => Promise<unknown>,
  prefix = "",
) {
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send(values);
    } catch (error) {
      setFailure(applyServerErrors(form, error, prefix));
    }
  });
  return { submit, failure };
}
