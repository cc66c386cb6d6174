"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Dialog } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FormFooter } from "@/components/ui/form-footer";
import { useToast } from "@/components/ui/toast";
import { pairBoardBody, updateBoardBody } from "@/lib/boards/schemas";
import { apiFetch } from "@/lib/client/api";
import { type Board, boardQueries } from "@/lib/client/queries/boards";
import { locationQueries } from "@/lib/client/queries/locations";
import { menuQueries } from "@/lib/client/queries/menus";
import { languageName } from "@/lib/shared/language";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import styles from "./boards.module.css";

// "Pair a board" (the code the TV shows, a name, the menu, the theme) and a board's changes (name, menu,
// theme), validated by the schemas the API validates with. Loaded when opened (lazy-dialogs.tsx).

const THEMES = [
  { value: "dark", name: "Dark", words: "Light text on black: most bars" },
  { value: "light", name: "Light", words: "Dark text on white: bright rooms" },
] as const;

function MenuField({ locationId, error, register }: { locationId: number; error?: string; register: UseFormRegisterReturn }) {
  const menus = useQuery(menuQueries.list(locationId));
  return (
    <Field
      label="Menu"
      error={error}
      hint={menus.data?.length === 0 ? "This location has no menus yet: add one on the Menus page." : undefined}
    >
      {(props) => (
        <select {...props} {...register} className="select" disabled={!menus.data}>
          {!menus.data && <option value="">Loading menus…</option>}
          {menus.data?.map((menu) => (
            <option key={menu.id} value={menu.id}>
              {menu.name}
              {menu.unpublished ? " (unpublished)" : ""}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function ThemeField({ register, error }: { register: UseFormRegisterReturn; error?: string }) {
  return (
    <fieldset className={styles.themes} aria-invalid={Boolean(error)}>
      <legend className={styles.legend}>Theme</legend>
      {THEMES.map((theme) => (
        <label key={theme.value} className={styles.theme}>
          <input type="radio" value={theme.value} {...register} />
          <span>
            <strong>{theme.name}</strong> <span className={styles.muted}>{theme.words}</span>
          </span>
        </label>
      ))}
      {error && <p className={styles.failure}>Theme {error}</p>}
    </fieldset>
  );
}

/** The TV's language (decision 097): the location's default, or one of its other languages; shown when it has several. */
function LanguageField({ locationId, register, error }: { locationId: number; register: UseFormRegisterReturn; error?: string }) {
  const location = useQuery(locationQueries.detail(locationId));
  const languages = location.data?.languages ?? [];
  if (languages.length < 2) return null;
  return (
    <Field label="Language" error={error} hint="The language the TV shows the menu in; a text not translated shows in the default.">
      {(props) => (
        <select {...props} {...register} className="select">
          <option value="">{languageName(languages[0]!)} (the location&rsquo;s default)</option>
          {languages.slice(1).map((tag) => (
            <option key={tag} value={tag}>
              {languageName(tag)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
const languageOf = (value: unknown) => (value === "" || value === undefined ? null : value);

const menuIdOf = (value: unknown) => (value === "" || value === undefined ? undefined : Number(value));

export function PairBoardDialog({ locationId, onClose }: { locationId: number; onClose: () => void }) {
  const client = useQueryClient();
  const notify = useToast();
  const menus = useQuery(menuQueries.list(locationId));
  const form = useZodForm(pairBoardBody, { defaultValues: { code: "", name: "", theme: "dark" } });
  const pair = useMutation({
    mutationFn: (body: unknown) =>
      apiFetch<{ board: Board }>(`/api/v1/locations/${locationId}/boards`, { method: "POST", body }).then((r) => r.board),
    onSuccess: (board) => {
      notify(`${board.name} is paired: its screen shows ${board.menu_name ?? "the menu"} now.`);
      onClose();
    },
    onSettled: () => client.invalidateQueries({ queryKey: boardQueries.all() }),
  });
  const { submit, failure } = useServerSubmit(form, (values) => pair.mutateAsync(values));
  const { errors, isSubmitting } = form.formState;
  const firstMenu = menus.data?.[0]?.id;
  // The first menu is chosen once the list is in (the select shows it; the form must hold it too).
  useEffect(() => {
    if (firstMenu !== undefined && form.getValues("menu_id") === undefined) form.setValue("menu_id", firstMenu);
  }, [firstMenu, form]);
  return (
    <Dialog open onClose={onClose} title="Pair a board">
      <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
        <p className={styles.intro}>
          On the TV, open <strong>{window.location.origin}/board</strong>. It shows an 8-character code for 10 minutes.
        </p>
        <Field label="Code" error={errors.code?.message} hint="The 8 letters and digits on the TV; case does not matter">
          {(props) => (
            <input
              {...props}
              {...form.register("code")}
              className={`input ${styles.code}`}
              autoCapitalize="characters"
              autoCorrect="off"
              spellCheck={false}
              maxLength={10}
              autoComplete="one-time-code"
              placeholder="K7RD4QXP"
              autoFocus
            />
          )}
        </Field>
        <Field label="Name" error={errors.name?.message} hint="Where it hangs, e.g. “Bar TV” or “Patio left”">
          {(props) => <input {...props} {...form.register("name")} className="input" autoComplete="off" />}
        </Field>
        <MenuField locationId={locationId} error={errors.menu_id?.message} register={form.register("menu_id", { setValueAs: menuIdOf })} />
        <ThemeField register={form.register("theme")} error={errors.theme?.message} />
        <LanguageField
          locationId={locationId}
          error={errors.language?.message}
          register={form.register("language", { setValueAs: languageOf })}
        />
        <FormFooter failure={failure} busy={isSubmitting} busyLabel="Pairing…" submitLabel="Pair board" onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function EditBoardDialog({ locationId, board, onClose }: { locationId: number; board: Board; onClose: () => void }) {
  const client = useQueryClient();
  const notify = useToast();
  const form = useZodForm(updateBoardBody, {
    defaultValues: { name: board.name, menu_id: board.menu_id ?? undefined, theme: board.theme, language: board.language },
  });
  const save = useMutation({
    mutationFn: (body: unknown) => apiFetch<{ board: Board }>(`/api/v1/boards/${board.id}`, { method: "PATCH", body }).then((r) => r.board),
    onSuccess: (saved) => {
      notify(`${saved.name} is updated: its screen follows in a moment.`);
      onClose();
    },
    onSettled: () => client.invalidateQueries({ queryKey: boardQueries.all() }),
  });
  const { submit, failure } = useServerSubmit(form, (values) => save.mutateAsync(values));
  const { errors, isSubmitting } = form.formState;
  return (
    <Dialog open onClose={onClose} title={`Change ${board.name}`}>
      <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
        <Field label="Name" error={errors.name?.message}>
          {(props) => <input {...props} {...form.register("name")} className="input" autoComplete="off" />}
        </Field>
        <MenuField locationId={locationId} error={errors.menu_id?.message} register={form.register("menu_id", { setValueAs: menuIdOf })} />
        <ThemeField register={form.register("theme")} error={errors.theme?.message} />
        <LanguageField
          locationId={locationId}
          error={errors.language?.message}
          register={form.register("language", { setValueAs: languageOf })}
        />
        <FormFooter failure={failure} busy={isSubmitting} busyLabel="Saving…" submitLabel="Save" onCancel={onClose} />
      </form>
    </Dialog>
  );
}
