"use client";

import { type InputHTMLAttributes, type Ref, useEffect, useId, useState } from "react";
import { type FieldPath, type FieldValues, type UseControllerProps, useController } from "react-hook-form";
import { type Clock, clockExample, formatClock, parseClock } from "@/lib/shared/time-format";

// A time of day in the venue's clock (decision 062), never the browser's: the native <input type="time">
// follows the browser's locale, so a New York venue's page mixed 12-hour inputs with 24-hour lists in
// one browser and the reverse in another. Typed ("4pm", "16:00", "4:30 PM") or picked from the list of
// half hours (mouse, touch); the form always holds HH:MM, the API's form.

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The field's value for what is typed: HH:MM when it reads as a time, "" when blank, else the text as typed. */
function fieldValueOf(text: string, clock: Clock): string {
  if (text.trim() === "") return "";
  const parsed = parseClock(text, clock);
  return parsed.ok ? parsed.time : text;
}

/** What a value shows: HH:MM in the clock; anything else (what was typed that is not a time) as it is. */
const textOf = (value: string | null | undefined, clock: Clock) => (value && HHMM.test(value) ? formatClock(value, clock) : (value ?? ""));

/**
 * The message a time field shows: the form's (from the API's schema), except when what was typed is
 * not a time at all, which is said in the venue's clock ("must be a time such as 4:30 PM or 16:30")
 * rather than the API's "must be a 24-hour time as HH:MM".
 */
export function timeError(value: string | null | undefined, error: string | undefined, clock: Clock): string | undefined {
  if (!error || !value || HHMM.test(value)) return error;
  const parsed = parseClock(value, clock);
  return parsed.ok ? error : parsed.message;
}

const HALF_HOURS = Array.from({ length: 48 }, (_, index) => `${String(Math.floor(index / 2)).padStart(2, "0")}:${index % 2 ? "30" : "00"}`);

type TimeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "defaultValue" | "onChange" | "type" | "list"> & {
  /** HH:MM; "", null or undefined for none; or the text typed that is not a time (the form refuses it). */
  value: string | null | undefined;
  /** HH:MM when what is typed reads as a time, "" when it is blank, else the text as typed. */
  onValueChange: (value: string) => void;
  clock: Clock;
  inputRef?: Ref<HTMLInputElement>;
};

/** A text input for a time of day in the venue's clock, with the half hours to pick from. */
export function TimeInput({ value, onValueChange, clock, inputRef, onBlur, placeholder, ...rest }: TimeInputProps) {
  const listId = useId();
  const [text, setText] = useState(() => textOf(value, clock));
  // A value set from elsewhere (a reset, a discard, a server answer) replaces the text, unless it is
  // what the text already reads as (typing "4p" must not become "4:00 PM" under the cursor).
  useEffect(() => {
    setText((current) => (fieldValueOf(current, clock) === (value ?? "") ? current : textOf(value, clock)));
  }, [value, clock]);

  return (
    <>
      <input
        {...rest}
        ref={inputRef}
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        list={listId}
        placeholder={placeholder ?? clockExample(clock)}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onValueChange(fieldValueOf(event.target.value, clock));
        }}
        onBlur={(event) => {
          // Leaving the field writes what was typed the venue's way ("4pm" → "4:00 PM").
          const read = fieldValueOf(text, clock);
          if (HHMM.test(read)) setText(formatClock(read, clock));
          onBlur?.(event);
        }}
      />
      <datalist id={listId}>
        {HALF_HOURS.map((time) => (
          <option key={time} value={formatClock(time, clock)} />
        ))}
      </datalist>
    </>
  );
}

/**
 * A TimeInput bound to a react-hook-form field (as `register` binds a native input): the field holds
 * HH:MM, `empty` when blank (the event form's optional end is null, its required start undefined).
 */
export function FormTimeInput<T extends FieldValues, N extends FieldPath<T>, TT>({
  control,
  name,
  rules,
  empty = "",
  clock,
  ...rest
}: Pick<UseControllerProps<T, N, TT>, "control" | "name" | "rules"> &
  Omit<TimeInputProps, "value" | "onValueChange" | "name" | "inputRef"> & { empty?: "" | null | undefined }) {
  const { field } = useController({ control, name, rules });
  return (
    <TimeInput
      {...rest}
      clock={clock}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      disabled={field.disabled || rest.disabled}
      onBlur={field.onBlur}
      onValueChange={(value) => field.onChange(value === "" ? empty : value)}
    />
  );
}
