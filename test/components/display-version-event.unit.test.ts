import { describe, expect, it } from "vitest";
import { versionOf } from "@/components/menus/preview/use-display-stream";
import { displayVersionEvent } from "@/lib/menus/schemas/preview";

// The board reads its stream's `event: version` without zod (decision 068): the same events pass as
// the schema the server declares lets through, and nothing else.

const CASES = [
  '{"version":1}',
  '{"version":42}',
  '{"version":0}',
  '{"version":-3}',
  '{"version":1.5}',
  '{"version":"7"}',
  '{"version":null}',
  '{"version":3,"extra":true}',
  "{}",
  "[7]",
  "7",
  "null",
  '"version"',
  "not json",
  "",
];

describe("versionOf", () => {
  it("takes exactly what displayVersionEvent takes", () => {
    for (const data of CASES) {
      let expected: number | null = null;
      try {
        const parsed = displayVersionEvent.safeParse(JSON.parse(data));
        expected = parsed.success ? parsed.data.version : null;
      } catch {
        expected = null;
      }
      expect(versionOf(data), data).toBe(expected);
    }
  });
});
