import { createChallenge, extractParams, verifySolution } from "altcha-lib";
import type { Tx } from "../db/db.js";

/** How long a challenge may be solved and sent (ALTCHA's `expires` parameter, signed with the challenge). */
export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
/** The largest number the browser may have to try: about a second of hashing on a phone. */
export const CAPTCHA_MAX_NUMBER = 100_000;

/** A new ALTCHA proof-of-work challenge signed with the deployment's key (self-hosted: no third party). */
export function newChallenge(hmacKey: string): ReturnType<typeof createChallenge> {
  return createChallenge({ hmacKey, maxnumber: CAPTCHA_MAX_NUMBER, expires: new Date(Date.now() + CAPTCHA_TTL_MS) });
}

/** True when the payload solves one of our unexpired challenges that was never spent; spends it. Given
 * the registration's transaction, a registration that fails gives the captcha back for a retry. */
export async function spendCaptcha(db: Tx, hmacKey: string, payload: string): Promise<boolean> {
  if (!(await verifySolution(payload, hmacKey, true).catch(() => false))) return false;
  let signature: string;
  try {
    signature = String((JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature?: unknown }).signature ?? "");
  } catch {
    return false;
  }
  const expires = Number(extractParams(payload).expires ?? 0);
  const rows = await db.query(
    "insert into captcha_spent (signature, expires_at) values ($1, to_timestamp($2)) on conflict do nothing returning signature",
    [signature, expires || Math.floor((Date.now() + CAPTCHA_TTL_MS) / 1000)],
  );
  return rows.length === 1;
}
