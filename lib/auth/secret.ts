import path from "node:path";
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { env } from "@/lib/server/env";

let key: Buffer | undefined;

/**
 * The 256-bit key that encrypts stored tokens. From APP_SECRET when set (required when several
 * instances share a database); otherwise a random secret created once in DATA_DIR.
 */
export function appKey(): Buffer {
  if (key) return key;
  const settings = env();
  let secret = settings.APP_SECRET;
  if (!secret) {
    const file = path.resolve(settings.DATA_DIR, "app-secret");
    try {
      secret = readFileSync(file, "utf8").trim();
    } catch {
      mkdirSync(settings.DATA_DIR, { recursive: true });
      secret = randomBytes(32).toString("base64url");
      writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    }
  }
  key = createHash("sha256").update(`taproom:v1:${secret}`).digest();
  return key;
}

export function resetAppKeyForTests() {
  key = undefined;
}
