import { randomBytes } from "node:crypto";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import { hashSecret } from "./tokens.js";

/** What a mailed single-use code opens (migration 026). */
export type CodePurpose = "signup" | "verify_email" | "password_reset" | "law_enforcement";

/** A new code: 128 bits from the operating system's secure random source, 22 URL-safe characters. */
export function newOneTimeCode(): string {
  return randomBytes(16).toString("base64url");
}

/** Stores a new code for an e-mail (and its account, if any) and answers it; only its hash is kept. */
export async function issueCode(tx: Tx, c: { purpose: CodePurpose; email: string; userId?: number; ttlMs: number }): Promise<string> {
  const code = newOneTimeCode();
  await tx.query(
    "insert into one_time_codes (code_hash, purpose, email, user_id, expires_at) values ($1, $2, $3, $4, now() + make_interval(secs => $5::double precision / 1000))",
    [hashSecret(code), c.purpose, c.email, c.userId ?? null, c.ttlMs],
  );
  return code;
}

type CodeRow = Pick<Tables["one_time_codes"], "email" | "user_id">;

/** The e-mail and account of a code that is still valid (unused, unexpired), without spending it. */
export function peekCode(db: Tx, purpose: CodePurpose, code: string): Promise<CodeRow | undefined> {
  return one<CodeRow>(db, "select email, user_id from one_time_codes where code_hash = $1 and purpose = $2 and used_at is null and expires_at > now()", [
    hashSecret(code),
    purpose,
  ]);
}

/** Spends a valid code (one statement: two concurrent uses cannot both succeed); undefined when it is
 * unknown, used or expired. */
export function spendCode(tx: Tx, purpose: CodePurpose, code: string): Promise<CodeRow | undefined> {
  return one<CodeRow>(
    tx,
    `update one_time_codes set used_at = now()
      where code_hash = $1 and purpose = $2 and used_at is null and expires_at > now()
      returning email, user_id`,
    [hashSecret(code), purpose],
  );
}

/** Drops codes that expired more than a day ago (the retention purge). */
export async function purgeExpiredCodes(db: Db): Promise<number> {
  const rows = await db.query("delete from one_time_codes where expires_at < now() - interval '1 day' returning 1");
  await db.query("delete from captcha_spent where expires_at < now()");
  return rows.length;
}
