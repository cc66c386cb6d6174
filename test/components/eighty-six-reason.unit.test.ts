import { describe, expect, it } from "vitest";
import { eightySixReasonWords } from "@/components/menus/eighty-six/reason";
import { eightySixReason } from "@/lib/menus/schemas/menus";

// The dashboard says why an item is 86'd (venue-operations §8), in the bar's words, for every reason
// the API answers; an 86 with no recorded reason (older than reasons) shows none.
describe("eightySixReasonWords", () => {
  it("names each reason", () => {
    expect(eightySixReasonWords("kicked")).toBe("Kicked keg");
    expect(eightySixReasonWords("pos")).toBe("Sold out at the till");
    expect(eightySixReasonWords("manual")).toBe("86'd by hand");
  });

  it("has words for every reason the API can answer, and none for no reason", () => {
    for (const reason of eightySixReason.options) expect(eightySixReasonWords(reason)).toMatch(/\w/);
    expect(eightySixReasonWords(null)).toBeNull();
    expect(eightySixReasonWords(undefined)).toBeNull();
  });
});
