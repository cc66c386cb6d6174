import { createCipheriv, createDecipheriv, createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { appKey } from "./secret";

/** 32 random bytes, base64url: 43 URL-safe characters. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens carry 256 bits of entropy, so a plain SHA-256 is enough to store them for lookup. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** AES-256-GCM, `iv.tag.ciphertext` in base64url, so a token can be shown to its owner again. */
export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", appKey(), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString("base64url")).join(".");
}

export function decryptSecret(sealed: string): string {
  const [iv, tag, body] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !body) throw new Error("malformed sealed secret");
  const decipher = createDecipheriv("aes-256-gcm", appKey(), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
}

/** A fresh read-write and read-only pair with the columns that store them. */
export function issueTokenPair() {
  const token = newToken();
  const readOnlyToken = newToken();
  return {
    plain: { token, readOnlyToken },
    columns: {
      tokenHash: hashToken(token),
      readOnlyTokenHash: hashToken(readOnlyToken),
      tokenEncrypted: encryptSecret(token),
      readOnlyTokenEncrypted: encryptSecret(readOnlyToken),
    },
  };
}
