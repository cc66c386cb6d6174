import { beforeEach, describe, expect, it } from "vitest";
import { api, db } from "../api";
import { rateLimits } from "@/lib/db/schema";
import { passwordProblem } from "@/lib/auth/password-policy";
import { passwordRuleProblem } from "@/lib/auth/password-rules";

// Issue 47: "aaaaaaaaaa", ten spaces and "Taproom2026" were accepted as passwords. Passwords are judged by
// zxcvbn-ts's estimate (score 3 of 4 at least), and never contain the app's name or the email.

let n = 0;
const signUp = (password: string, email = `pw${++n}@strength.test`) =>
  api.post("signup", {
    body: { business_name: "Strength", name: "Sam Strong", email, password },
    headers: { "x-forwarded-for": `198.51.100.${n}` },
  });

beforeEach(async () => {
  await (await db()).delete(rateLimits);
});

describe("password strength", () => {
  it("refuses guessable passwords at sign-up with 422 on password, saying why", async () => {
    for (const [password, message] of [
      ["aaaaaaaaaa", /too easy to guess/],
      ["          ", /too easy to guess/],
      ["Taproom2026", /app's name/],
      ["1234567890", /common|too easy/],
      ["qwertyuiop", /common|too easy/],
      ["TAPROOM-rocks-9", /app's name/],
    ] as const) {
      const answer = await signUp(password);
      expect(answer.status, JSON.stringify(password)).toBe(422);
      expect(answer.body.errors, JSON.stringify(password)).toEqual([{ path: "password", message: expect.stringMatching(message) }]);
    }
    const email = "casey.brewer@strength.test";
    const mine = await signUp("casey.brewer-2026-kegs", email);
    expect(mine.status).toBe(422);
    expect(mine.body.errors[0].message).toBe("must not contain your email address");
  });

  it("takes a passphrase of unrelated words", async () => {
    expect(passwordProblem("quiet harbour lanterns 1987", "sam@strength.test")).toBeNull();
    expect((await signUp("quiet harbour lanterns 1987")).status).toBe(201);
  });

  it("tells the form what it can know without the dictionary: the app's name and the email", () => {
    expect(passwordRuleProblem("Taproom2026!!")).toBe("must not contain the app's name");
    expect(passwordRuleProblem("my-casey.brewer-pass", "casey.brewer@strength.test")).toBe("must not contain your email address");
  });
});
