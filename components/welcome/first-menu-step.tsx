"use client";

import { type ReactNode, useState } from "react";
import { useWatch } from "react-hook-form";
import { Field } from "@/components/ui/field";
import { apiFetch } from "@/lib/client/api";
import { ApiProblem } from "@/lib/client/problem";
import type { MenuSummary, Section } from "@/lib/client/queries/menus";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { MENU_TEMPLATES } from "./menu-templates";
import styles from "./welcome.module.css";

const loadFirstMenuForm = () => import("./first-menu-form").then((module) => module.firstMenuForm);

/**
 * Step 2: the first menu, empty or from a template (POST /locations/:id/menus, then one POST
 * /menus/:id/sections per section, in order). A failure part-way keeps what was made: trying again
 * only makes what is missing, never a second menu.
 */
export function FirstMenuStep({
  locationId,
  onCreated,
  skip,
}: {
  locationId: number;
  onCreated: (menu: MenuSummary) => void;
  skip: ReactNode;
}) {
  const first = MENU_TEMPLATES[0]!;
  const form = useZodForm(loadFirstMenuForm, { defaultValues: { template: first.id, name: first.menuName } });
  const { errors, isSubmitting, dirtyFields } = form.formState;
  const [made, setMade] = useState<{ menu: MenuSummary | null; sections: number }>({ menu: null, sections: 0 });
  const chosen = useWatch({ control: form.control, name: "template" });

  const { submit, failure } = useServerSubmit(
    form,
    async (values) => {
      const template = MENU_TEMPLATES.find((t) => t.id === values.template) ?? first;
      let { menu, sections } = made;
      if (!menu) {
        const answer = await apiFetch<{ menu: MenuSummary }>(`/api/v1/locations/${locationId}/menus`, {
          method: "POST",
          body: { menu: { name: values.name } },
        });
        menu = answer.menu;
        setMade({ menu, sections });
      }
      for (const name of template.sections.slice(sections)) {
        await apiFetch<{ section: Section }>(`/api/v1/menus/${menu.id}/sections`, { method: "POST", body: { section: { name } } });
        sections += 1;
        setMade({ menu, sections });
      }
      // The template's tap lines (issue 49): a tap already there under that number (a second try) is kept.
      for (let number = 1; number <= (template.taps ?? 0); number++) {
        await apiFetch(`/api/v1/locations/${locationId}/taps`, { method: "POST", body: { tap: { number } } }).catch((error: unknown) => {
          if (!(error instanceof ApiProblem && error.status === 409)) throw error;
        });
      }
      onCreated(menu);
    },
    "menu.",
  );

  const started = made.menu !== null;
  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting}>
      <fieldset className={styles.templates} disabled={started}>
        <legend className={styles.legend}>Start from</legend>
        {MENU_TEMPLATES.map((template) => (
          <label key={template.id} className={styles.template}>
            <input
              type="radio"
              value={template.id}
              {...form.register("template", {
                onChange: () => {
                  // The name follows the choice until the person writes their own.
                  const next = MENU_TEMPLATES.find((t) => t.id === form.getValues("template"));
                  if (next && !dirtyFields.name) form.setValue("name", next.menuName);
                },
              })}
            />
            <span className={styles.templateName}>{template.label}</span>
            <span className={styles.templateNote}>
              {template.description}
              {template.sections.length > 0 && <span className={styles.sections}>Sections: {template.sections.join(", ")}</span>}
            </span>
          </label>
        ))}
      </fieldset>
      <Field
        label="Menu name"
        error={errors.name?.message}
        hint={chosen === "empty" ? "You can rename it at any time." : "Guests see it on boards and the web; rename it at any time."}
      >
        {(props) => <input {...props} {...form.register("name")} autoComplete="off" className="input" readOnly={started} />}
      </Field>
      {failure && (
        <p role="alert" className={styles.error}>
          {started ? `The menu was made, but not all its sections: ${failure} Try again to add the rest.` : failure}
        </p>
      )}
      <div className={styles.actions}>
        {skip}
        <button type="submit" className="btn btn--primary" disabled={isSubmitting}>
          {isSubmitting ? "Creating…" : started ? "Try again" : "Create menu"}
        </button>
      </div>
    </form>
  );
}
