import { describe, expect, it } from "vitest";
import { amountWidth, priceColumns, sizeWidth } from "@/components/menus/preview/price-columns";

// The TV board's price columns (decision 054): a section's sizes said once over columns of amounts.
type Size = { id: number; name: string } | null;
const price = (size: Size, amount = "7.00", name: string | null = null) =>
  ({ container_size_id: size?.id ?? null, container_size: size, name, price: amount }) as never;
const item = (...containers: never[]) => ({ containers });
const PINT = { id: 1, name: "Pint" };
const TASTER = { id: 6, name: "4 oz Taster" };
const CAN = { id: 8, name: "16 oz Can" };
const GROWLER = { id: 15, name: "64 oz Growler" };

describe("priceColumns", () => {
  it("lists a section's sizes once, in the order they first appear", () => {
    expect(priceColumns([item(price(PINT), price(TASTER)), item(price(TASTER)), item(price(CAN), price(PINT))])).toEqual([
      { key: "size:1", label: "Pint" },
      { key: "size:6", label: "4 oz Taster" },
      { key: "size:8", label: "16 oz Can" },
    ]);
  });

  it("keys a price without a size by its own name", () => {
    expect(priceColumns([item(price(null, "5", "Flight")), item(price(null, "6", "Flight"), price(null, "7", null))])).toEqual([
      { key: "name:Flight", label: "Flight" },
      { key: "name:", label: "Serving" },
    ]);
  });

  it("gives up on columns with more than three sizes, none at all, or two prices for one size", () => {
    expect(priceColumns([item(price(PINT), price(TASTER)), item(price(CAN), price(GROWLER))])).toBeNull();
    expect(priceColumns([item(), item()])).toBeNull();
    expect(priceColumns([item(price(PINT, "7.00"), price(PINT, "6.00"))])).toBeNull();
  });
});

describe("amountWidth", () => {
  it("is 0.7 em a character of the longest amount as written, plus a little, at least 2.5 em", () => {
    expect(amountWidth([item(price(PINT, "7"), price(TASTER, "2.5"))], "USD")).toBe(3.7); // "$7.00"
    expect(amountWidth([item(price(PINT, "7")), item(price(PINT, "112.5"))], "USD")).toBe(5.1); // "$112.50"
    expect(amountWidth([item(price(PINT, "7"))], "CHF")).toBe(5.8); // "CHF 7.00"
    expect(amountWidth([item()], "USD")).toBe(2.5);
  });
});

describe("sizeWidth", () => {
  it("is the longest size on one line, 0.62 em a character of the sizes' type, in em of the amounts'", () => {
    expect(
      sizeWidth([
        { key: "size:1", label: "Pint" },
        { key: "size:6", label: "4 oz Taster" },
      ]),
    ).toBe(5.12);
    expect(sizeWidth([])).toBe(0);
  });
});
