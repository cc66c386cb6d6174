"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { ApiProblem, apiFetch, type LineError, problemMessage } from "@/lib/client/api";
import { menuQueries } from "@/lib/client/queries/menus";
import { CSV_COLUMNS, type CsvColumn, type CsvRow, readCsv } from "@/lib/menus/csv/rows";
import type { CsvImportResponse } from "@/lib/menus/schemas/csv";
import styles from "./csv-import.module.css";

/** Rows shown in the preview besides every row in error: enough to recognise the file. */
const SHOWN = 100;
/** The preview's columns: the file's, what a price list is read by first (the header names say which is which). */
const SHOWN_COLUMNS: CsvColumn[] = ["section", "item", "container", "price", "abv", "ibu", "brewery", "style", "description", "untappd_id"];

type Checked =
  | { kind: "valid"; file: string; text: string; rows: CsvRow[]; answer: CsvImportResponse }
  | { kind: "invalid"; file: string; rows: CsvRow[]; errors: LineError[] };

const plural = (count: number, one: string, many = `${one}s`) => `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
const summary = ({ sections, items, containers }: CsvImportResponse["counts"]) =>
  `${plural(sections, "section")}, ${plural(items, "item")}, ${plural(containers, "price")}`;

const importCsv = (menuId: number, text: string, dryRun: boolean) =>
  apiFetch<{ import: CsvImportResponse }>(`/api/v1/menus/${menuId}/import.csv?dry_run=${dryRun}`, {
    method: "PUT",
    text: { body: text, type: "text/csv" },
  }).then((answer) => answer.import);

/**
 * Import CSV (venue-operations §6): pick a file, see it checked by a dry run (every row in error with
 * its line, column and message), apply it only when nothing is in error; the menu then refreshes and a
 * toast says what changed, with Undo (a revert to the version before).
 */
export function CsvImportDialog({
  open,
  onClose,
  menuId,
  menuName,
}: {
  open: boolean;
  onClose: () => void;
  menuId: number;
  menuName: string;
}) {
  const [checked, setChecked] = useState<Checked | null>(null);
  const inputId = useId();
  const queryClient = useQueryClient();
  const notify = useToast();
  const close = () => {
    setChecked(null);
    onClose();
  };

  const check = useMutation({
    mutationFn: async (file: File) => {
      const text = await file.text();
      const { rows } = readCsv(text);
      try {
        return { kind: "valid", file: file.name, text, rows, answer: await importCsv(menuId, text, true) } satisfies Checked;
      } catch (error) {
        if (error instanceof ApiProblem && error.status === 422 && error.lines.length > 0) {
          return { kind: "invalid", file: file.name, rows, errors: error.lines } satisfies Checked;
        }
        throw error;
      }
    },
    onSuccess: setChecked,
  });

  const revert = useMutation({
    mutationFn: (version: number) => apiFetch(`/api/v1/menus/${menuId}/versions/${version}/revert`, { method: "POST" }),
    onSuccess: (_, version) => notify(`Undone: ${menuName} is back as it was (version ${version}).`),
    onError: (error) => notify(`The import was not undone: ${problemMessage(error)}`, { tone: "error" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuQueries.all() }),
  });

  const apply = useMutation({
    mutationFn: (valid: Extract<Checked, { kind: "valid" }>) => importCsv(menuId, valid.text, false),
    onSuccess: (answer, valid) => {
      close();
      notify(`Imported ${valid.file}: ${menuName} now has ${summary(answer.counts)} (it had ${summary(answer.replaced)}).`, {
        action: { label: "Undo", run: () => revert.mutate(valid.answer.version) },
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: menuQueries.all() }),
  });

  return (
    <Dialog open={open} onClose={close} title={`Import CSV into ${menuName}`} wide>
      <div className={styles.body}>
        <p className={styles.muted}>
          The file replaces this menu’s sections, items and prices in one change, which History can undo. Columns:{" "}
          <code>{CSV_COLUMNS.join(",")}</code>; one row per item and size. Export CSV gives a file to start from.
        </p>
        <label htmlFor={inputId} className={styles.pick}>
          <span>{checked ? "Choose another file" : "Choose a CSV file"}</span>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) check.mutate(file);
            }}
          />
        </label>
        {check.isPending && <p role="status">Checking the file…</p>}
        {check.isError && (
          <p role="alert" className={styles.error}>
            The file could not be checked: {problemMessage(check.error)}
          </p>
        )}
        {checked && !check.isPending && <Preview checked={checked} />}
        {apply.isError && (
          <p role="alert" className={styles.error}>
            Nothing was imported: {problemMessage(apply.error)}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className="btn" onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={checked?.kind !== "valid" || check.isPending || apply.isPending}
            onClick={() => checked?.kind === "valid" && apply.mutate(checked)}
          >
            {apply.isPending ? "Applying…" : "Apply"}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

function Preview({ checked }: { checked: Checked }) {
  const errors = checked.kind === "invalid" ? checked.errors : [];
  const byLine = new Map<number, LineError[]>();
  for (const error of errors) byLine.set(error.line, [...(byLine.get(error.line) ?? []), error]);
  const fileErrors = errors.filter((error) => !checked.rows.some((row) => row.line === error.line));
  const shown = checked.rows.filter((row, index) => index < SHOWN || byLine.has(row.line));
  return (
    <>
      {checked.kind === "valid" ? (
        <p role="status" className={styles.ok}>
          {checked.file} is ready: {summary(checked.answer.counts)}, replacing {summary(checked.answer.replaced)}.
        </p>
      ) : (
        <div role="alert" className={styles.problems}>
          <p className={styles.error}>
            {checked.file}: {plural(byLine.size, "line needs", "lines need")} fixing; nothing can be applied until then.
          </p>
          {fileErrors.length > 0 && (
            <ul>
              {fileErrors.map((error) => (
                <li key={`${error.line}:${error.field}`}>
                  Line {error.line}
                  {error.field && (
                    <>
                      , <code>{error.field}</code>
                    </>
                  )}
                  : {error.message}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {shown.length > 0 && (
        <div className={styles.scroller}>
          <table className={styles.table}>
            <caption className="visually-hidden">The file’s rows{errors.length > 0 ? ", the rows in error marked" : ""}</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                {SHOWN_COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>{shown.flatMap((row) => rowCells(row, byLine.get(row.line) ?? []))}</tbody>
          </table>
        </div>
      )}
      {checked.rows.length > shown.length && (
        <p className={styles.muted}>
          Showing {plural(shown.length, "row")} of {checked.rows.length.toLocaleString("en")}
          {errors.length > 0 ? ", every row in error among them" : ""}.
        </p>
      )}
    </>
  );
}

function rowCells(row: CsvRow, errors: LineError[]) {
  const bad = new Set(errors.map((error) => error.field));
  const cell = (column: CsvColumn) => (
    <td key={column} className={bad.has(column) ? styles.badCell : undefined} aria-invalid={bad.has(column) || undefined}>
      {row[column]}
    </td>
  );
  const cells = (
    <tr key={row.line} className={errors.length > 0 ? styles.badRow : undefined}>
      <th scope="row">{row.line}</th>
      {SHOWN_COLUMNS.map(cell)}
    </tr>
  );
  if (errors.length === 0) return [cells];
  return [
    cells,
    <tr key={`${row.line}-errors`} className={styles.messages}>
      <td colSpan={SHOWN_COLUMNS.length + 1}>
        <ul>
          {errors.map((error) => (
            <li key={`${error.field}:${error.message}`}>
              Line {row.line}
              {error.field && (
                <>
                  , <strong>{error.field}</strong>
                </>
              )}
              : {error.message}
            </li>
          ))}
        </ul>
      </td>
    </tr>,
  ];
}
