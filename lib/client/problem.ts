// An API refusal as the dashboard holds it (apiFetch, lib/client/api.ts, makes them). Apart from the
// client so the layout's providers, which only ask what an error is, load no more than this.

import type { ProblemResponse } from "@/lib/shared/schemas";

type AnyFieldError = NonNullable<ProblemResponse["errors"]>[number];
/** A JSON body's field in error. */
export type FieldError = Extract<AnyFieldError, { path: string }>;
/** A CSV body's cell in error: its line as a spreadsheet numbers it and its column. */
export type LineError = Extract<AnyFieldError, { line: number }>;

export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  /** The cells of a CSV body in error (PUT /menus/:id/import.csv). */
  readonly lines: LineError[];
  /** Seconds until trying again makes sense (the answer's Retry-After), when it said. */
  readonly retryAfter: number | null;

  constructor(status: number, code: string, detail: string, errors: AnyFieldError[] = [], retryAfter: number | null = null) {
    super(detail);
    this.name = "ApiProblem";
    this.status = status;
    this.code = code;
    this.errors = errors.filter((error): error is FieldError => "path" in error);
    this.lines = errors.filter((error): error is LineError => "line" in error);
    this.retryAfter = retryAfter;
  }
}
