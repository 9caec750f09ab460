import argon2 from "argon2";
import type { PasswordCost } from "../config.js";

/** Hashes a password with argon2id at the configured cost. */
export function hashPassword(password: string, cost: PasswordCost): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id, memoryCost: cost.memoryKib, timeCost: cost.passes, parallelism: cost.parallelism });
}

/** Whether the password matches the stored hash (false for a malformed one). */
export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}

// One per cost: the tests run apps of several costs in one process.
const dummyHashes = new Map<string, Promise<string>>();

/** The hash an unknown user's password is checked against: made once per cost, at that cost. */
export function dummyHash(cost: PasswordCost): Promise<string> {
  const key = `${cost.memoryKib}:${cost.passes}:${cost.parallelism}`;
  let hash = dummyHashes.get(key);
  if (!hash) dummyHashes.set(key, (hash = hashPassword("not-a-password", cost)));
  return hash;
}

/** Spends on an unknown user what a known user's verification costs at the configured cost, so that the
 * response time does not tell which e-mails exist. */
export async function verifyNobody(password: string, cost: PasswordCost): Promise<void> {
  await verifyPassword(await dummyHash(cost), password);
}
