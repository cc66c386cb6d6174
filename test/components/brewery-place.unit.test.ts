import { describe, expect, it } from "vitest";
import { breweryPlace } from "@/components/menus/preview/brewery-place";

// The board's brewery line (decision 054, issue 38 row 5): "City, State, United States" over three
// lines was louder than the beer; at a venue in the United States it reads "City, State".
describe("breweryPlace", () => {
  it("leaves out the venue's own country, whatever its case", () => {
    expect(breweryPlace("Brooklyn, NY, United States", "United States")).toBe("Brooklyn, NY");
    expect(breweryPlace("Burlington, Vermont, united states", "United States")).toBe("Burlington, Vermont");
  });

  it("keeps another country, and the whole place when the venue's country is unknown", () => {
    expect(breweryPlace("Brussels, Belgium", "United States")).toBe("Brussels, Belgium");
    expect(breweryPlace("Amsterdam, Noord-Holland, Netherlands", "United States")).toBe("Amsterdam, Noord-Holland, Netherlands");
    expect(breweryPlace("Brooklyn, NY, United States", null)).toBe("Brooklyn, NY, United States");
  });

  it("drops empty parts and says nothing when only the venue's country was left", () => {
    expect(breweryPlace(" Brooklyn , , NY ,United States", "United States")).toBe("Brooklyn, NY");
    expect(breweryPlace("United States", "United States")).toBeNull();
    expect(breweryPlace(null, "United States")).toBeNull();
    expect(breweryPlace("", "United States")).toBeNull();
  });

  it("does not take a city named like the country for the country unless it is last", () => {
    expect(breweryPlace("Luxembourg, Luxembourg", "Luxembourg")).toBe("Luxembourg");
    expect(breweryPlace("Mexico, Missouri, United States", "Mexico")).toBe("Mexico, Missouri, United States");
  });
});
