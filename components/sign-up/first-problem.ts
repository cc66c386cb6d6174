import { useEffect, useRef } from "react";

/**
 * Focus on the first field with a problem each time a form's state comes back (a Server Action's answer),
 * as the dashboard's forms do; without a script the page's `autoFocus` does it.
 */
export function useFirstProblemFocused(state: unknown) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (state) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [state]);
  return form;
}

/** The name of the first field in `order` that `errors` names, for its `autoFocus`. */
export const firstProblem = <Name extends string>(order: readonly Name[], errors: Partial<Record<Name, string>>) =>
  order.find((name) => errors[name]);
