import { describe, expect, it } from "vitest";
import {
  judgeForeignRestore,
  judgeHeavyWork,
  judgeHugeImport,
  judgeHugeRestore,
  judgeInvitations,
  judgeLoginSpray,
  judgeOldToken,
  judgePairingGuesses,
  judgeV4Budget,
  percentile,
  type Statuses,
  type Surroundings,
} from "../../scripts/attack-judge";

// npm run attack's verdicts (decision 076): from observed answers only, never from what a fix is assumed to do.

const calm: Surroundings = { alive: true, rssBeforeMiB: 300, rssPeakMiB: 340, latencyMs: [5, 8, 12, 30] };
const statuses = (entries: [number | string, number][]): Statuses => new Map(entries);

describe("the attack script's verdicts", () => {
  it("takes percentiles by nearest rank", () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it("row 1: broke when the other business's location changed or can be read", () => {
    expect(judgeForeignRestore({ status: 422, victimChanged: false, attackerReadsVictim: false }).verdict).toBe("held");
    expect(judgeForeignRestore({ status: 201, victimChanged: true, attackerReadsVictim: false }).verdict).toBe("broke");
    expect(judgeForeignRestore({ status: 201, victimChanged: false, attackerReadsVictim: true }).verdict).toBe("broke");
  });

  it("rows 2 and 3: held on a clean refusal within bounds; broke on a dead server, RSS growth or slow neighbours", () => {
    expect(judgeHugeImport({ status: 502, loopbackRefused: false }, calm).verdict).toBe("held");
    expect(judgeHugeImport({ status: 201, loopbackRefused: false }, calm).verdict).toBe("broke");
    expect(judgeHugeImport({ status: 422, loopbackRefused: true }, calm).verdict).toBe("inconclusive");
    expect(judgeHugeImport({ status: "ECONNRESET", loopbackRefused: false }, { ...calm, alive: false })).toMatchObject({
      verdict: "broke",
      why: "the server stopped answering",
    });
    expect(judgeHugeRestore({ status: 413 }, calm).verdict).toBe("held");
    expect(judgeHugeRestore({ status: 413 }, { ...calm, rssPeakMiB: 1_100 }).why).toMatch(/RSS grew 800 MiB/);
    expect(judgeHugeRestore({ status: 413 }, { ...calm, latencyMs: [10, 10, 10, 5_000] }).why).toMatch(/p99 5000 ms/);
    expect(judgeHugeRestore({ status: 422 }, calm).verdict).toBe("broke");
    expect(judgeHugeRestore({ status: "EPIPE" }, calm).verdict).toBe("held");
    expect(judgeHugeRestore({ status: "EPIPE" }, { ...calm, alive: false }).verdict).toBe("broke");
    expect(judgeHugeRestore({ status: "ETIMEDOUT" }, calm).verdict).toBe("broke");
    // Without a pid the RSS is unknown: judged on the rest.
    expect(judgeHugeRestore({ status: 413 }, { ...calm, rssBeforeMiB: null, rssPeakMiB: null }).verdict).toBe("held");
  });

  it("rows 4 and 5: broke on any 5xx or missing answer, inconclusive when the set-up failed", () => {
    expect(judgeHeavyWork({ statuses: statuses([[200, 4]]), setUp: null }, calm).verdict).toBe("held");
    expect(
      judgeHeavyWork(
        {
          statuses: statuses([
            [200, 3],
            ["ECONNRESET", 1],
          ]),
          setUp: null,
        },
        calm,
      ).verdict,
    ).toBe("broke");
    expect(judgeHeavyWork({ statuses: statuses([[503, 1]]), setUp: null }, calm).verdict).toBe("broke");
    expect(judgeHeavyWork({ statuses: new Map(), setUp: "the menu could not be made" }, calm).verdict).toBe("inconclusive");
  });

  it("row 6: held only when throttled and the owner still signs in", () => {
    expect(
      judgeLoginSpray({
        statuses: statuses([
          [401, 500],
          [429, 600],
        ]),
        ownerStatus: 200,
      }).verdict,
    ).toBe("held");
    expect(judgeLoginSpray({ statuses: statuses([[401, 1_100]]), ownerStatus: 200 }).verdict).toBe("broke");
    expect(judgeLoginSpray({ statuses: statuses([[429, 1_100]]), ownerStatus: 429 }).why).toMatch(/locked out/);
  });

  it("row 7: a 409 reveals an account", () => {
    expect(
      judgeInvitations({
        statuses: statuses([
          [201, 40],
          [429, 60],
        ]),
      }).verdict,
    ).toBe("held");
    expect(
      judgeInvitations({
        statuses: statuses([
          [201, 50],
          [409, 50],
        ]),
      }).verdict,
    ).toBe("broke");
    expect(judgeInvitations({ statuses: statuses([[201, 100]]) }).why).toMatch(/never throttled/);
  });

  it("rows 8, 9 and 10", () => {
    expect(judgeOldToken({ changeStatus: 204, oldTokenStatus: 401 }).verdict).toBe("held");
    expect(judgeOldToken({ changeStatus: 204, oldTokenStatus: 200 }).verdict).toBe("broke");
    expect(judgeOldToken({ changeStatus: 422, oldTokenStatus: 200 }).verdict).toBe("inconclusive");
    expect(
      judgePairingGuesses({
        statuses: statuses([
          [422, 20],
          [429, 580],
        ]),
      }).verdict,
    ).toBe("held");
    expect(judgePairingGuesses({ statuses: statuses([[422, 600]]) }).verdict).toBe("broke");
    expect(judgeV4Budget({ fifthStatus: 200 }).verdict).toBe("held");
    expect(judgeV4Budget({ fifthStatus: 429 }).verdict).toBe("broke");
  });
});
