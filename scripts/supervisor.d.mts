// Types of supervisor.mjs (plain JavaScript: `npm start` runs it with node alone).
import type { ChildProcess } from "node:child_process";

export type RestartPolicy = {
  maxRestarts: number;
  windowMs: number;
  crashed(now: number): { restart: true; delayMs: number; crashes: number } | { restart: false; crashes: number };
};
export function exitReason(code: number | null, signal: NodeJS.Signals | null, stderrTail?: string): string;
export function restartPolicy(options?: {
  maxRestarts?: number;
  windowMs?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
}): RestartPolicy;
export function supervise(options: {
  command: string;
  args?: string[];
  env?: NodeJS.ProcessEnv;
  policy?: RestartPolicy;
  signals?: Pick<NodeJS.EventEmitter, "on" | "off">;
  log?: (line: string) => void;
  wait?: (ms: number, cancelled: Promise<void>) => Promise<void>;
  now?: () => number;
  onSpawn?: (child: ChildProcess) => void;
}): Promise<number>;
