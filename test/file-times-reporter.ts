import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

// Each test file's time, for `npm test`'s slowest files (scripts/test.mjs): Vitest's JSON report times a
// file from its first test's start to its last test's end, which leaves out the file's own set-up (its
// imports, its fresh database, its beforeAll hooks). Written to FILE_TIMES_OUTPUT, one entry per file and pass.

export type FileTime = { file: string; project: string; seconds: number; imports: number; hooks: number; tests: number };

// biome-ignore lint/style/noDefaultExport: Vitest loads a reporter from a path by its default export.
export default class FileTimesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const output = process.env.FILE_TIMES_OUTPUT;
    if (!output) return;
    const times: FileTime[] = testModules.map((module) => {
      const { duration, collectDuration, setupDuration, prepareDuration } = module.diagnostic();
      let tests = 0;
      for (const test of module.children.allTests()) tests += test.diagnostic()?.duration ?? 0;
      const imports = collectDuration + setupDuration + prepareDuration;
      return {
        file: module.relativeModuleId,
        project: module.project.name,
        seconds: (duration + imports) / 1000,
        imports: imports / 1000,
        hooks: Math.max(0, duration - tests) / 1000,
        tests: tests / 1000,
      };
    });
    mkdirSync(path.dirname(output), { recursive: true });
    writeFileSync(output, JSON.stringify(times, null, 1));
  }
}
