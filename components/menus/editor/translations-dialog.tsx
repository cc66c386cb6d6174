"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { apiFetch } from "@/lib/client/api";
import { menuQueries, type MenuTree } from "@/lib/client/queries/menus";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { TRANSLATED, type TranslatedField, translationForm, type TranslationFormValues } from "@/lib/menus/schemas/translations";
import type { TranslationResponse } from "@/lib/menus/schemas/translations";
import { languageName } from "@/lib/shared/language";
import { FormActions, FormError } from "./form-parts";
import styles from "./translations-dialog.module.css";

// Translations side by side (venue-operations §13, decision 097): for one of the location's other
// languages, each text of the menu, its sections and items beside the default's, a missing one flagged.
// The translations are read as the API answers them (`?full=true&lang=`: a field not in `fallback` is
// translated); saving sends `translations: {<lang>: …}` to each row changed, which changes that language only.

type Row = TranslationFormValues["rows"][number];
type Texts = { name: string; description: string | null; footer?: string | null; translation?: TranslationResponse };
const FIELD_LABEL: Record<TranslatedField, string> = { name: "Name", description: "Description", footer: "Footer" };

/** The rows of a tree, each with the default's texts (`source`) and the language's (`row`). */
function rowsOf(defaults: MenuTree, translated: MenuTree | null) {
  const own = (texts: Texts | undefined, field: TranslatedField) =>
    texts && !texts.translation?.fallback.includes(field) ? ((texts[field] as string | null | undefined) ?? "") : "";
  const pick = (kind: Row["kind"], source: Texts, id: number, label: string, other: Texts | undefined) => ({
    label,
    source,
    row: {
      kind,
      id,
      name: own(other, "name"),
      description: own(other, "description"),
      footer: kind === "menu" ? own(other, "footer") : "",
    },
  });
  const sectionOf = (id: number) => translated?.sections.find((s) => s.id === id);
  const list = [pick("menu", defaults, defaults.id, "Menu", translated ?? undefined)];
  for (const section of defaults.sections) {
    list.push(pick("section", section, section.id, "Section", sectionOf(section.id)));
    for (const item of section.items) {
      list.push(
        pick(
          "item",
          item,
          item.id,
          "Item",
          sectionOf(section.id)?.items.find((i) => i.id === item.id),
        ),
      );
    }
  }
  return list;
}

export function TranslationsDialog({
  open,
  onClose,
  tree,
  languages,
}: {
  open: boolean;
  onClose: () => void;
  tree: MenuTree;
  /** The location's languages, the default first. */
  languages: string[];
}) {
  const others = languages.slice(1);
  const [language, setLanguage] = useState(others[0] ?? null);
  const pickerId = useId();
  return (
    <Dialog open={open} onClose={onClose} title={`Translations of ${tree.name}`} wide>
      {language === null ? (
        <p>
          This location has one language ({languageName(languages[0] ?? "en")}). Add languages in the location&rsquo;s settings to translate
          its menus.
        </p>
      ) : (
        <>
          <div className={styles.picker}>
            <label htmlFor={pickerId}>Translate into</label>
            <select id={pickerId} className="select" value={language} onChange={(event) => setLanguage(event.target.value)}>
              {others.map((tag) => (
                <option key={tag} value={tag}>
                  {languageName(tag)} ({tag})
                </option>
              ))}
            </select>
          </div>
          <TranslationsForm key={language} tree={tree} language={language} defaultLanguage={languages[0] ?? "en"} onDone={onClose} />
        </>
      )}
    </Dialog>
  );
}

function TranslationsForm({
  tree,
  language,
  defaultLanguage,
  onDone,
}: {
  tree: MenuTree;
  language: string;
  defaultLanguage: string;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const notify = useToast();
  const translated = useQuery({
    queryKey: [...menuQueries.tree(tree.id).queryKey, "lang", language],
    queryFn: ({ signal }) =>
      apiFetch<{ menu: MenuTree }>(`/api/v1/menus/${tree.id}?full=true&include_unavailable=true&lang=${encodeURIComponent(language)}`, {
        signal,
      }).then((r) => r.menu),
  });
  const entries = rowsOf(tree, translated.data ?? null);
  const form = useZodForm(translationForm, { defaultValues: { rows: entries.map((entry) => entry.row) } });
  const { reset } = form;
  const loaded = translated.data;
  useEffect(() => {
    if (loaded) reset({ rows: rowsOf(tree, loaded).map((entry) => entry.row) });
  }, [loaded, tree, reset]);
  const save = useMutation({
    mutationFn: async (values: TranslationFormValues) => {
      const before = rowsOf(tree, translated.data ?? null).map((entry) => entry.row);
      const changed = values.rows.filter((row, at) => JSON.stringify(row) !== JSON.stringify(before[at]));
      for (const row of changed) {
        const texts = Object.fromEntries(
          (Object.keys(TRANSLATED[row.kind]) as TranslatedField[]).map((field) => [field, row[field].trim() === "" ? null : row[field]]),
        );
        const url =
          row.kind === "menu"
            ? `/api/v1/menus/${row.id}`
            : row.kind === "section"
              ? `/api/v1/sections/${row.id}`
              : `/api/v1/items/${row.id}`;
        await apiFetch(url, { method: "PATCH", body: { [row.kind]: { translations: { [language]: texts } } } });
      }
      return changed.length;
    },
    onSuccess: async (count) => {
      await queryClient.invalidateQueries({ queryKey: menuQueries.tree(tree.id).queryKey });
      notify(
        count === 0 ? "Nothing to save." : `${languageName(language)} translations saved (${count} ${count === 1 ? "text" : "texts"}).`,
      );
      onDone();
    },
  });
  const { submit, failure } = useServerSubmit(form, (values) => save.mutateAsync(values));
  const rows = form.watch("rows");
  const missing = entries.reduce(
    (sum, entry, at) =>
      sum +
      (Object.keys(TRANSLATED[entry.row.kind]) as TranslatedField[]).filter((field) => entry.source[field] && !rows?.[at]?.[field]?.trim())
        .length,
    0,
  );
  if (translated.isPending) return <p role="status">Loading the {languageName(language)} texts…</p>;
  if (translated.isError) return <FormError message={`The ${languageName(language)} texts could not be loaded. Try again.`} />;
  return (
    <form onSubmit={submit} noValidate>
      <p className={styles.summary} role="status">
        {missing === 0
          ? `Every text has a ${languageName(language)} translation.`
          : `${missing} ${missing === 1 ? "text has" : "texts have"} no ${languageName(language)} translation: guests see the ${languageName(defaultLanguage)} text there.`}
      </p>
      <ol className={styles.rows}>
        {entries.map((entry, at) => (
          <li key={`${entry.row.kind}-${entry.row.id}`} className={styles[entry.row.kind]}>
            <p className={styles.kind}>
              {entry.label}: <span lang={defaultLanguage}>{entry.source.name || "(untitled)"}</span>
            </p>
            {(Object.keys(TRANSLATED[entry.row.kind]) as TranslatedField[])
              .filter((field) => entry.source[field])
              .map((field) => {
                const id = `tr-${entry.row.kind}-${entry.row.id}-${field}`;
                const empty = !rows?.[at]?.[field]?.trim();
                const error = form.formState.errors.rows?.[at]?.[field]?.message;
                const long = field !== "name";
                return (
                  <div key={field} className={styles.pair}>
                    <div className={styles.source}>
                      <span className={styles.label}>
                        {FIELD_LABEL[field]} · {languageName(defaultLanguage)}
                      </span>
                      <p lang={defaultLanguage}>{entry.source[field]}</p>
                    </div>
                    <div className={styles.target}>
                      <label htmlFor={id} className={styles.label}>
                        {FIELD_LABEL[field]} · {languageName(language)}
                        {empty && <span className={styles.missing}> Missing</span>}
                      </label>
                      {long ? (
                        <textarea
                          id={id}
                          lang={language}
                          rows={2}
                          className="input"
                          aria-invalid={Boolean(error)}
                          {...form.register(`rows.${at}.${field}`)}
                        />
                      ) : (
                        <input
                          id={id}
                          lang={language}
                          className="input"
                          autoComplete="off"
                          aria-invalid={Boolean(error)}
                          {...form.register(`rows.${at}.${field}`)}
                        />
                      )}
                      {error && (
                        <p className={styles.error} role="alert">
                          {FIELD_LABEL[field]} {error}
                        </p>
                      )}
                    </div>
                  </div>
                );
              })}
          </li>
        ))}
      </ol>
      <FormError message={failure} />
      <FormActions onCancel={onDone} busy={save.isPending} label={`Save ${languageName(language)}`} />
    </form>
  );
}
