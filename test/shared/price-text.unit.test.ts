import { describe, expect, it } from "vitest";
import { moneyInput } from "@/lib/shared/schemas";

// Issue 49 row 7: prices as people type them, with the currency symbol and the locale's decimal comma.

describe("moneyInput: a price as typed", () => {
  it.each([
    ["£6.50", "6.50"],
    ["7,20", "7.20"],
    ["€ 7,20", "7.20"],
    ["7,20 €", "7.20"],
    ["EUR 7.2", "7.20"],
    ["$12", "12.00"],
    ["1.234,50", "1234.50"],
    ["1,234.50", "1234.50"],
    ["1 234,50", "1234.50"],
    ["1'234.50", "1234.50"],
    ["1,000", "1000.00"],
    ["7,205", "7205.00"],
    [" 6.5 ", "6.50"],
    ["9", "9.00"],
  ])("%s is %s", (typed, price) => {
    expect(moneyInput.parse(typed)).toBe(price);
  });

  it.each([["six"], ["6.50abc"], ["£"], ["6,5,0"], ["--6"], ["6.50 £ £"], ["1.234"], ["6.505"]])("%s is refused", (typed) => {
    expect(moneyInput.safeParse(typed).success).toBe(false);
  });
});
