import argon2 from "argon2";
import { LOGIN_GROUPS, LOGIN_MAX_FAILURES_PER_ADDRESS, LOGIN_MAX_FAILURES_PER_EMAIL, type LoginBody } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { AppError } from "../http/errors.js";
import {
  clearFailures,
  findUserByLogin,
  issueToken,
  recentFailures,
  recordFailure,
  type UserRow,
} from "./auth.repository.js";

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

// Spent on unknown users too, so response time does not tell which e-mails exist.
let dummyHash: Promise<string> | undefined;

/** Only groups 1, 2 and 3 sign in to the portal (SPEC §6); guests and app-only users (patrols) do not. */
function mayLogin(user: UserRow): boolean {
  return user.groups.some((g) => LOGIN_GROUPS.includes(g));
}

/** Checks credentials with brute-force limits and returns the user with a fresh access token. */
export async function login(db: Db, body: LoginBody, ip: string): Promise<{ user: UserRow; token: string }> {
  const user = await checkCredentials(db, body, ip);
  if (!mayLogin(user)) throw new AppError(403, "invalidRole", "invalidRole");
  return { user, token: await issueToken(db, user.id, ip) };
}

/** Community app sign-in: any unlocked account, same brute-force limits. */
export function appLogin(db: Db, body: LoginBody, ip: string): Promise<UserRow> {
  return checkCredentials(db, body, ip);
}

async function checkCredentials(db: Db, body: LoginBody, ip: string): Promise<UserRow> {
  const identifier = (body.email ?? body.username ?? "").trim();
  const password = body.password ?? "";
  if (!identifier || !password) throw new AppError(400, "fieldMissing", "fieldMissing");

  const failures = await recentFailures(db, identifier, ip);
  if (failures.byEmail >= LOGIN_MAX_FAILURES_PER_EMAIL || failures.byIp >= LOGIN_MAX_FAILURES_PER_ADDRESS) {
    const seconds = Math.max(1, failures.byEmail >= LOGIN_MAX_FAILURES_PER_EMAIL ? failures.emailRetry : failures.ipRetry);
    throw new AppError(429, "tooManyAttempts", "tooManyAttempts", undefined, { "retry-after": String(seconds) }, { seconds });
  }

  const user = await findUserByLogin(db, identifier);
  if (!user || !user.password_hash) {
    await argon2.verify(await (dummyHash ??= hashPassword("not-a-password")), password).catch(() => false);
    await recordFailure(db, identifier, ip);
    throw new AppError(404, "userNotFound", "userNotFound");
  }
  if (!(await argon2.verify(user.password_hash, password).catch(() => false))) {
    await recordFailure(db, identifier, ip);
    throw new AppError(400, "wrongPassword", "wrongPassword");
  }
  if (user.locked) throw new AppError(423, "accountLocked", "accountLocked");
  await clearFailures(db, identifier);
  return user;
}
