import { describe, expect, it } from "vitest";
import { tapsOutOfOrder } from "@/components/menus/editor/tree-ops";

// When the section offers "Number taps 1–N in this order" (issue 38 row 6).
const taps = (...numbers: (string | null)[]) => numbers.map((tap_number) => ({ tap_number }));

describe("taps out of order", () => {
  it("is false with no tap numbers, or with numbers that follow the order from any first number", () => {
    expect(tapsOutOfOrder(taps(null, null))).toBe(false);
    expect(tapsOutOfOrder(taps())).toBe(false);
    expect(tapsOutOfOrder(taps("1", "2", "3"))).toBe(false);
    expect(tapsOutOfOrder(taps("11", "12"))).toBe(false);
  });

  it("is true after tap 1 is dragged below tap 3, with a gap, a missing number or a name for a number", () => {
    expect(tapsOutOfOrder(taps("2", "3", "1"))).toBe(true);
    expect(tapsOutOfOrder(taps("1", "3"))).toBe(true);
    expect(tapsOutOfOrder(taps("1", null, "3"))).toBe(true);
    expect(tapsOutOfOrder(taps("A", "B"))).toBe(true);
  });
});
