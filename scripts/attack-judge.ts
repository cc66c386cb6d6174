// How `npm run attack` (scripts/attack.ts) judges each row of issue 47's probe from what it observed:
// pure functions of the answers' statuses, the server's life and the other business's read latency, so
// the verdicts are tested (test/scripts/attack-judge.unit.test.ts) without a server. A row "held" when the
// server behaved as the fix intends, "broke" when it did what the probe reported, "inconclusive" when the
// script could not set the attack up (the reason says why). Nothing is assumed about which fixes exist.

export type Verdict = { verdict: "held" | "broke" | "inconclusive"; why: string };
/** Statuses by count; a request that got no answer counts under its error code (e.g. "ECONNRESET"). */
export type Statuses = Map<number | string, number>;
/** What every row records beside its own answers: the server alive afterwards, its RSS, the bystander's reads. */
export type Surroundings = { alive: boolean; rssBeforeMiB: number | null; rssPeakMiB: number | null; latencyMs: number[] };
export type Limits = { rssGrowthMiB: number; p99Ms: number };

export const DEFAULT_LIMITS: Limits = { rssGrowthMiB: 256, p99Ms: 2_000 };

const held = (why: string): Verdict => ({ verdict: "held", why });
const broke = (why: string): Verdict => ({ verdict: "broke", why });
const inconclusive = (why: string): Verdict => ({ verdict: "inconclusive", why });

export const count = (statuses: Statuses, match: (status: number | string) => boolean) =>
  [...statuses].reduce((sum, [status, n]) => sum + (match(status) ? n : 0), 0);

/** The value at `p` (0–100) of the sorted samples, nearest rank; null without samples. */
export function percentile(samples: number[], p: number): number | null {
  if (samples.length === 0) return null;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export function showStatuses(statuses: Statuses): string {
  return [...statuses]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, n]) => `${status} × ${n}`)
    .join(", ");
}

/** The common conditions of a resource-exhaustion row: alive, memory back in bounds, the others served. */
function resources(around: Surroundings, limits: Limits): Verdict | null {
  if (!around.alive) return broke("the server stopped answering");
  if (around.rssBeforeMiB !== null && around.rssPeakMiB !== null && around.rssPeakMiB - around.rssBeforeMiB > limits.rssGrowthMiB) {
    return broke(`RSS grew ${Math.round(around.rssPeakMiB - around.rssBeforeMiB)} MiB (limit ${limits.rssGrowthMiB})`);
  }
  const p99 = percentile(around.latencyMs, 99);
  if (p99 !== null && p99 > limits.p99Ms) return broke(`another business's reads: p99 ${Math.round(p99)} ms (limit ${limits.p99Ms})`);
  return null;
}

/** Row 1: a restore naming another business's location. Held when that business sees nothing new. */
export function judgeForeignRestore(o: { status: number; victimChanged: boolean; attackerReadsVictim: boolean }): Verdict {
  if (o.victimChanged) return broke(`the other business's location changed (restore answered ${o.status})`);
  if (o.attackerReadsVictim) return broke("the restoring business can read the other business's location");
  return held(`refused or kept apart (${o.status}); the other business's location is unchanged`);
}

/** Row 2: an import from a source answering 30 MB. Held when it fails cleanly and the server stays within bounds. */
export function judgeHugeImport(o: { status: number | string; loopbackRefused: boolean }, around: Surroundings, limits = DEFAULT_LIMITS) {
  if (o.loopbackRefused) return inconclusive("the server refuses loopback sources: start it with WEBHOOK_ALLOW_PRIVATE=true");
  const bounds = resources(around, limits);
  if (bounds) return bounds;
  if (o.status === 200 || o.status === 201) return broke(`the 30 MB answer was taken whole (${o.status})`);
  if (o.status === 502 || o.status === 429) return held(`refused (${o.status})`);
  return broke(`answered ${o.status}, not a clean 502`);
}

/** Row 3: a 58 MB restore body. Held on 413 (or 429 while another runs) with the server within bounds. */
export function judgeHugeRestore(o: { status: number | string }, around: Surroundings, limits = DEFAULT_LIMITS): Verdict {
  const bounds = resources(around, limits);
  if (bounds) return bounds;
  if (o.status === 413 || o.status === 429) return held(`refused (${o.status})`);
  // Past the drain's own ceiling (decision 073: 16 MiB after the 8 MiB) the server closes the connection
  // under a client still sending: the client sees its write fail instead of the 413, as at any server.
  if (o.status === "EPIPE" || o.status === "ECONNRESET" || o.status === "UND_ERR_SOCKET") {
    return held(`refused: the connection was closed past the drain's ceiling (the client saw ${o.status})`);
  }
  return broke(`answered ${o.status}, not 413`);
}

/** Rows 4 and 5: heavy work (a 14,000-row CSV, four 5,000-item PDFs). Held when every answer came and the others were served. */
export function judgeHeavyWork(o: { statuses: Statuses; setUp: string | null }, around: Surroundings, limits = DEFAULT_LIMITS) {
  if (o.setUp) return inconclusive(o.setUp);
  const bounds = resources(around, limits);
  if (bounds) return bounds;
  const failed = count(o.statuses, (status) => typeof status !== "number" || status >= 500);
  if (failed > 0) return broke(`${failed} answered 5xx or not at all (${showStatuses(o.statuses)})`);
  return held(showStatuses(o.statuses));
}

/** Row 6: failed logins sprayed from many addresses. Held when they are throttled and the owner still signs in. */
export function judgeLoginSpray(o: { statuses: Statuses; ownerStatus: number }): Verdict {
  const throttled = count(o.statuses, (status) => status === 429);
  if (o.ownerStatus !== 200 && o.ownerStatus !== 201) return broke(`the account's owner is locked out (${o.ownerStatus})`);
  if (throttled === 0) return broke(`never throttled (${showStatuses(o.statuses)})`);
  return held(`${throttled} throttled, the owner still signs in`);
}

/** Row 7: invitations, some to emails that have accounts. Held when no answer tells them apart and they are throttled. */
export function judgeInvitations(o: { statuses: Statuses }): Verdict {
  const told = count(o.statuses, (status) => status === 409);
  if (told > 0) return broke(`${told} answered 409: an existing account is revealed`);
  if (count(o.statuses, (status) => status === 429) === 0) return broke(`never throttled (${showStatuses(o.statuses)})`);
  return held(showStatuses(o.statuses));
}

/** Row 8: the token from before a password change. Held when it no longer works. */
export function judgeOldToken(o: { changeStatus: number; oldTokenStatus: number }): Verdict {
  if (o.changeStatus !== 204 && o.changeStatus !== 200) return inconclusive(`the password change answered ${o.changeStatus}`);
  return o.oldTokenStatus === 401 ? held("the old token is refused (401)") : broke(`the old token still answers ${o.oldTokenStatus}`);
}

/** Row 9: pairing code guesses. Held when they are throttled. */
export function judgePairingGuesses(o: { statuses: Statuses }): Verdict {
  const throttled = count(o.statuses, (status) => status === 429);
  if (count(o.statuses, (status) => status === 201 || status === 200) > 0) return broke("a guess paired a screen");
  return throttled > 0 ? held(`${throttled} throttled`) : broke(`never throttled (${showStatuses(o.statuses)})`);
}

/** Row 10: four businesses spend the v4 budget on unknown beers. Held when a fifth still gets answers. */
export function judgeV4Budget(o: { fifthStatus: number | string }): Verdict {
  return o.fifthStatus === 200 ? held("a fifth business is still answered") : broke(`a fifth business gets ${o.fifthStatus}`);
}
