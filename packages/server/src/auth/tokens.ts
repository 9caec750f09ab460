import { createHash, randomBytes } from "node:crypto";

/** A new secret: 256 bits from the operating system's secure random source, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** The only form in which a token or ticket is stored. */
export function hashSecret(secret: string): Buffer {
  return createHash("sha256").update(secret).digest();
}
