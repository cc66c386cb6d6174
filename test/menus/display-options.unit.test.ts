import { describe, expect, it } from "vitest";
import { idFromSegment, readDisplayOptions } from "@/lib/menus/display-options";
import { DISPLAY_FIELD_DEFAULTS, displayOptions, displayPath } from "@/lib/menus/schemas/preview";
import { idParam } from "@/lib/shared/schemas";

// The board's link options (decision 054): a TV link that says too little or something wrong still
// shows a board, with each value not understood at its default, as ?theme always did.
describe("displayOptions", () => {
  it("defaults to the full layout in the light theme with every field, no refresh", () => {
    expect(displayOptions({})).toEqual({
      theme: "light",
      layout: "full",
      fields: { brewery_place: true, description: true, labels: true, almost_gone: false },
      refresh: null,
    });
  });

  it("reads layout, theme, the field toggles and refresh", () => {
    expect(
      displayOptions({
        layout: "compact",
        theme: "dark",
        brewery_place: "1",
        description: "0",
        labels: "true",
        almost_gone: "1",
        refresh: "60",
      }),
    ).toEqual({
      theme: "dark",
      layout: "compact",
      fields: { brewery_place: true, description: false, labels: true, almost_gone: true },
      refresh: 60,
    });
  });

  it("gives each layout its own defaults for the fields the link does not set", () => {
    expect(displayOptions({ layout: "compact" }).fields).toEqual(DISPLAY_FIELD_DEFAULTS.compact);
    expect(DISPLAY_FIELD_DEFAULTS.compact).toEqual({ brewery_place: false, description: false, labels: false, almost_gone: false });
    expect(displayOptions({ layout: "full", labels: "0" }).fields).toEqual({
      brewery_place: true,
      description: true,
      labels: false,
      almost_gone: false,
    });
  });

  it("falls back to each default for a value it does not understand, and takes a repeated one's first", () => {
    expect(displayOptions({ layout: "grid", theme: "blue", brewery_place: "yes", description: "", labels: "2", refresh: "10" })).toEqual(
      displayOptions({}),
    );
    expect(displayOptions({ refresh: "3601" }).refresh).toBeNull();
    expect(displayOptions({ refresh: "1e3" }).refresh).toBeNull();
    expect(displayOptions({ layout: ["compact", "full"], theme: ["dark"] })).toMatchObject({ layout: "compact", theme: "dark" });
  });
});

describe("displayPath", () => {
  it("writes only what differs from the defaults, and reads back as the same options", () => {
    const options = displayOptions({});
    expect(displayPath(12, options)).toBe("/preview/menus/12");
    const compactDark = {
      ...options,
      theme: "dark" as const,
      layout: "compact" as const,
      fields: { ...DISPLAY_FIELD_DEFAULTS.compact, brewery_place: true },
    };
    const path = displayPath(12, compactDark);
    expect(path).toBe("/preview/menus/12?layout=compact&theme=dark&brewery_place=1");
    const query = Object.fromEntries(new URL(path, "http://board.test").searchParams);
    expect(displayOptions(query)).toEqual(compactDark);
    expect(
      displayPath(3, { ...options, fields: { brewery_place: false, description: true, labels: false, almost_gone: true }, refresh: 300 }),
    ).toBe("/preview/menus/3?brewery_place=0&labels=0&almost_gone=1&refresh=300");
  });
});

// The board's not-found page reads the options without zod (lib/menus/display-options.ts, decision 068):
// the same answer as displayOptions for every combination of values that matter, and odd ones.
describe("readDisplayOptions", () => {
  it("answers as displayOptions does", () => {
    const values = [
      undefined,
      "",
      "1",
      "0",
      "true",
      "false",
      "yes",
      "dark",
      "light",
      "full",
      "compact",
      "60",
      "29",
      "30",
      "3600",
      "3601",
      "0060",
      "12345",
      "-5",
      "6e1",
      ["0", "1"],
      ["dark"],
      [],
    ];
    const keys = ["theme", "layout", "brewery_place", "description", "labels", "almost_gone", "refresh"] as const;
    let checked = 0;
    for (const key of keys) {
      for (const value of values) {
        for (const layout of [undefined, "compact"]) {
          const query: Record<string, string | string[] | undefined> = { layout, [key]: value as string | string[] | undefined };
          expect(readDisplayOptions(query), JSON.stringify(query)).toEqual(displayOptions(query));
          checked++;
        }
      }
    }
    expect(checked).toBe(keys.length * values.length * 2);
  });
});

describe("idFromSegment", () => {
  it("reads an id as idParam does", () => {
    for (const raw of [
      undefined,
      "",
      "0",
      "1",
      "01",
      "42",
      "2147483647",
      "2147483648",
      "9999999999",
      "12345678901",
      "1.5",
      "-1",
      " 1",
      "1a",
    ]) {
      const parsed = idParam.safeParse(raw);
      expect(idFromSegment(raw), String(raw)).toBe(parsed.success ? parsed.data : null);
    }
  });
});
