"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { ApiProblem } from "./api";

/** The one form hook: react-hook-form validated by the same zod schema the API handler uses. */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({ mode: "onTouched", ...options, resolver: zodResolver(schema) });
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
