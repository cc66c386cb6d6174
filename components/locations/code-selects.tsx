"use client";

import type { ComponentPropsWithRef } from "react";
import { useInBrowser } from "@/lib/client/use-in-browser";
import { COMMON_CURRENCIES, countryOptions, currencyOptions } from "./zones";

// The names come from the browser's Intl data, which may differ from the server's: the full lists are
// rendered in the browser only (the server renders the chosen option alone), so hydration matches.

// Controlled (`value`): the options change after hydration, and the choice must survive that.
type SelectProps = Omit<ComponentPropsWithRef<"select">, "children" | "value"> & { value: string };

/** ISO 4217 currencies: the common ones first, then every one by code. */
export function CurrencySelect({ value: current, ...props }: SelectProps) {
  const inBrowser = useInBrowser();
  if (!inBrowser) {
    return (
      <select {...props} value={current} className="select">
        <option value={current}>{current}</option>
      </select>
    );
  }
  const all = currencyOptions();
  const named = new Map(all.map((c) => [c.code, c.name]));
  const label = (code: string) => `${code} · ${named.get(code) ?? code}`;
  return (
    <select {...props} value={current} className="select">
      {current && !named.has(current) && <option value={current}>{current}</option>}
      <optgroup label="Common">
        {COMMON_CURRENCIES.map((code) => (
          <option key={code} value={code}>
            {label(code)}
          </option>
        ))}
      </optgroup>
      <optgroup label="All currencies">
        {all
          .filter((c) => !COMMON_CURRENCIES.includes(c.code))
          .map((c) => (
            <option key={c.code} value={c.code}>
              {label(c.code)}
            </option>
          ))}
      </optgroup>
    </select>
  );
}

/** ISO 3166 countries by name; the empty choice clears it. */
export function CountrySelect({ value: current, ...props }: SelectProps) {
  const inBrowser = useInBrowser();
  const all = inBrowser ? countryOptions() : [];
  return (
    <select {...props} value={current} className="select">
      <option value="">—</option>
      {current && !all.some((c) => c.code === current) && <option value={current}>{current}</option>}
      {all.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
