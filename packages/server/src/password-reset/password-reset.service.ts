import { PASSWORD_RESET_TTL_MINUTES, type Language } from "@atalaya/shared";
import { revokeUserTokens } from "../auth/auth.repository.js";
import { hashPassword } from "../auth/password-hash.js";
import { issueCode, spendCode } from "../auth/one-time-codes.js";
import type { AppContext } from "../context.js";
import { one } from "../db/db.js";
import { invalidField } from "../http/errors.js";
import { queueMail } from "../mail/index.js";

/** Mails a single-use reset code (60 minutes) when the e-mail has an unlocked account that may sign in
 * with a password; otherwise does nothing. The caller answers the same either way (no enumeration). */
export async function forgotPassword(ctx: AppContext, email: string, lang: Language): Promise<void> {
  const user = await one<{ id: number; email: string }>(ctx.db, "select id, email from users where lower(email) = lower($1) and not locked and password_hash is not null", [email]);
  if (!user) return;
  await ctx.db.transaction(async (tx) => {
    const code = await issueCode(tx, { purpose: "password_reset", email: user.email, userId: user.id, ttlMs: PASSWORD_RESET_TTL_MINUTES * 60_000 });
    await queueMail(tx, ctx.config, { to: user.email, template: "passwordReset", lang, vars: { link: `${ctx.config.publicUrl}/v3/auth/resetPassword/${code}` } });
  });
  ctx.jobs.kick();
}

/** Sets the new password of a valid code's account and ends every session it holds (tokens revoked,
 * this process's sockets closed now, the others' at their heartbeat). */
export async function resetPassword(ctx: AppContext, code: string, password: string): Promise<void> {
  const hash = await hashPassword(password, ctx.config.passwordCost);
  await ctx.db.transaction(async (tx) => {
    const row = await spendCode(tx, "password_reset", code);
    if (!row?.user_id) throw invalidField("code", "codeInvalid");
    await tx.query("update users set password_hash = $2, updated_at = now() where id = $1", [row.user_id, hash]);
    await revokeUserTokens(tx, row.user_id);
  });
  await ctx.hub.endSessions();
}
