"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { get, useController, useFormState } from "react-hook-form";
import { z } from "zod";
import { Dialog } from "@/components/ui/dialog";
import { useToast } from "@/components/ui/toast";
import { ApiProblem, apiFetch, problemMessage } from "@/lib/client/api";
import { menuQueries } from "@/lib/client/queries/menus";
import { useVenueTime } from "@/lib/client/use-venue-time";
import { useServerSubmit, useZodForm } from "@/lib/client/use-zod-form";
import { describeWindow } from "@/lib/schedules/describe";
import { BULK_HAPPY_HOUR_WINDOWS, bulkWindows } from "@/lib/schedules/schemas";
import { type Clock, formatClock } from "@/lib/shared/time-format";
import { FormActions, FormError } from "./form-parts";
import { plural } from "./format";
import { type Day, WindowFields, type WindowValue } from "./schedule-fields";
import formStyles from "./form-parts.module.css";
import styles from "./containers.module.css";

// Happy hours for a whole menu or section at once (issue 49): the same windows on every price in it,
// each a percent or an amount off its own price, or one price for all (PUT …/happy_hours). Each price's
// happy hours are replaced, as the dialog says before it is sent; the server checks the same windows
// with the same schema and names any price the rule would leave at nothing.

const RULES = {
  percent_off: { option: "A percent off each price", field: () => "Percent off" },
  amount_off: { option: "An amount off each price", field: (symbol: string) => `Amount off (${symbol})` },
  price: { option: "One price for all", field: (symbol: string) => `Happy-hour price (${symbol})` },
} as const;
type Rule = keyof typeof RULES;

/** "20% off", "$1.00 off", "at $4.00": the rule as the toast says it. */
const ruleWords = (rule: Rule, amount: string, symbol: string) =>
  rule === "percent_off" ? `${amount.replace("%", "")}% off` : rule === "amount_off" ? `${symbol}${amount} off` : `at ${symbol}${amount}`;

const formSchema = z.object({
  windows: bulkWindows,
  rule: z.enum(["percent_off", "amount_off", "price"]),
  amount: z.string().trim().min(1, "is required"),
});

const WEEKDAYS: Day[] = ["mon", "tue", "wed", "thu", "fri"];
const NEW_WINDOW: WindowValue = { days: WEEKDAYS, start: "", end: "" };

export type HappyHoursTarget = { kind: "menu" | "section"; id: number; name: string; prices: number };

export function BulkHappyHoursDialog({
  target,
  menuId,
  locationId,
  currencySymbol,
  onClose,
}: {
  target: HappyHoursTarget | null;
  menuId: number;
  locationId: number;
  currencySymbol: string;
  onClose: () => void;
}) {
  return (
    <Dialog open={target !== null} onClose={onClose} title={target ? `Happy hour prices: ${target.name}` : "Happy hour prices"} wide>
      {target && <BulkForm target={target} menuId={menuId} locationId={locationId} currencySymbol={currencySymbol} onDone={onClose} />}
    </Dialog>
  );
}

function BulkForm({
  target,
  menuId,
  locationId,
  currencySymbol,
  onDone,
}: {
  target: HappyHoursTarget;
  menuId: number;
  locationId: number;
  currencySymbol: string;
  onDone: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const notify = useToast();
  const clock = useVenueTime(locationId)?.clock ?? "24h";
  const path = `/api/v1/${target.kind === "menu" ? "menus" : "sections"}/${target.id}/happy_hours`;
  const where = target.kind === "menu" ? `every price on ${target.name}` : `every price in ${target.name}`;
  const form = useZodForm(formSchema, { defaultValues: { windows: [{ ...NEW_WINDOW }], rule: "percent_off", amount: "" } });
  const save = useMutation({
    mutationFn: (happyHours: unknown) =>
      apiFetch<{ happy_hours: { prices_changed: number } }>(path, { method: "PUT", body: { happy_hours: happyHours } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuQueries.tree(menuId).queryKey }),
  });
  const rule = form.watch("rule") as Rule;
  const { submit, failure } = useServerSubmit(
    form,
    async (values) => {
      const body = {
        windows: values.windows,
        [values.rule]: values.rule === "percent_off" ? values.amount.replace(",", ".").replace("%", "") : values.amount,
      };
      try {
        const { happy_hours } = await save.mutateAsync(body);
        const when = values.windows.map((window) => describeWindow(window, (time) => formatClock(time, clock))).join(", ");
        notify(
          `Happy hours set on ${plural(happy_hours.prices_changed, "price")} (${when}, ${ruleWords(values.rule as Rule, values.amount, currencySymbol)}).`,
        );
        onDone();
      } catch (error) {
        // The rule's field is the form's amount; the windows keep their names.
        if (error instanceof ApiProblem)
          for (const fieldError of error.errors)
            fieldError.path = fieldError.path.replace(/^happy_hours\.(percent_off|amount_off|price)$/, "happy_hours.amount");
        throw error;
      }
    },
    "happy_hours.",
  );
  const remove = useMutation({
    mutationFn: () => apiFetch<{ happy_hours: { prices_changed: number } }>(path, { method: "PUT", body: { happy_hours: null } }),
    onSuccess: async ({ happy_hours }) => {
      await queryClient.invalidateQueries({ queryKey: menuQueries.tree(menuId).queryKey });
      notify(`Happy hours removed from ${plural(happy_hours.prices_changed, "price")}.`);
      onDone();
    },
    onError: (error) => notify(`Nothing was changed: ${problemMessage(error)}`, { tone: "error" }),
  });
  const amountError = form.formState.errors.amount?.message;
  const amountMessage = amountError && /^[a-z]/.test(amountError) ? `${RULES[rule].field(currencySymbol)} ${amountError}` : amountError;
  return (
    <form onSubmit={submit} noValidate aria-label={`Happy hour prices for ${target.name}`}>
      <p className={styles.happyIntro}>
        Sets the same happy hours on {where} ({plural(target.prices, "price")}), each worked out from its own price. Happy hours those
        prices already have are replaced.
      </p>
      <WindowList control={form.control} clock={clock} />
      <fieldset>
        <legend>Happy-hour price</legend>
        {(Object.keys(RULES) as Rule[]).map((key) => (
          <label key={key} className={formStyles.check}>
            <input type="radio" value={key} {...form.register("rule")} /> {RULES[key].option}
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={`${id}-amount`}>{RULES[rule].field(currencySymbol)}</label>
        <input
          id={`${id}-amount`}
          className="input"
          inputMode="decimal"
          autoComplete="off"
          placeholder={rule === "percent_off" ? "20" : "1.00"}
          aria-invalid={Boolean(amountMessage)}
          aria-describedby={amountMessage ? `${id}-amount-error` : undefined}
          {...form.register("amount")}
        />
        {amountMessage && (
          <p id={`${id}-amount-error`} className={formStyles.error}>
            {amountMessage}
          </p>
        )}
      </div>
      <FormError message={failure} />
      <p>
        <button type="button" className="btn btn--small btn--ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Remove happy hours from {where}
        </button>
      </p>
      <FormActions onCancel={onDone} busy={save.isPending} label="Set happy hours" />
    </form>
  );
}

function WindowList({ control, clock }: { control: ReturnType<typeof useZodForm<typeof formSchema>>["control"]; clock: Clock }) {
  const { field } = useController({ control, name: "windows" });
  const { errors } = useFormState({ control, name: "windows" });
  const list = (field.value ?? []) as WindowValue[];
  const set = (next: WindowValue[]) => field.onChange(next);
  return (
    <div>
      {list.map((window, index) => (
        <WindowFields
          // biome-ignore lint/suspicious/noArrayIndexKey: windows have no ids; the API's list is by place too.
          key={index}
          label={`Happy hour ${index + 1}`}
          value={window}
          clock={clock}
          errors={get(errors, `windows.${index}`)}
          onChange={(next) => set(list.map((other, at) => (at === index ? next : other)))}
          onRemove={list.length > 1 ? () => set(list.filter((_, at) => at !== index)) : undefined}
        />
      ))}
      <button
        type="button"
        className="btn btn--small"
        disabled={list.length >= BULK_HAPPY_HOUR_WINDOWS}
        onClick={() => set([...list, { ...NEW_WINDOW }])}
      >
        Add another happy hour
      </button>
    </div>
  );
}
