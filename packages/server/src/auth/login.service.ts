import { LOGIN_GROUPS, type LoginBody } from "@atalaya/shared";
import type { Db } from "../db/db.js";
import { AppError } from "../http/errors.js";
import { findUserByLogin, issueToken, type UserRow } from "./auth.repository.js";
import {
  ADDRESS_RULE,
  clearOwnFailures,
  DEVICE_RULE,
  deviceOwner,
  EMAIL_RULE,
  recentFailures,
  recordFailure,
  rememberDevice,
  secondsToWait,
} from "./login-throttle.js";
import type { PasswordCost } from "../config.js";
import { verifyNobody, verifyPassword } from "./password-hash.js";

/** Only groups 1, 2 and 3 sign in to the portal (SPEC §6); guests and app-only users (patrols) do not. */
function mayLogin(user: UserRow): boolean {
  return user.groups.some((g) => LOGIN_GROUPS.includes(g));
}

/** What a sign-in request brings besides its body: the client's address (as the trusted proxies tell
 * it) and the device cookie's secret, if any. */
export interface LoginClient {
  ip: string;
  deviceSecret: string | undefined;
}

/** A successful sign-in: the user and the device secret to set as its cookie. */
export interface SignedIn {
  user: UserRow;
  deviceSecret: string;
}

/** Checks credentials within the login throttle and returns the user with a fresh access token. */
export async function login(db: Db, cost: PasswordCost, body: LoginBody, client: LoginClient): Promise<SignedIn & { token: string }> {
  const signedIn = await checkCredentials(db, cost, body, client, (user) => {
    if (!mayLogin(user)) throw new AppError(403, "invalidRole", "invalidRole");
  });
  return { ...signedIn, token: await issueToken(db, signedIn.user.id, client.ip) };
}

/** Community and patrol app sign-in: any unlocked account, the same throttle. */
export function appLogin(db: Db, cost: PasswordCost, body: LoginBody, client: LoginClient): Promise<SignedIn> {
  return checkCredentials(db, cost, body, client, () => undefined);
}

// The throttle is checked before the password costs an argon2 verification: a known device of this user
// is judged by its own failures, any other caller by the e-mail's and the address's (login-throttle.ts).
// `cost` is the configured one, which the dummy verification of an unknown e-mail spends.
async function checkCredentials(db: Db, cost: PasswordCost, body: LoginBody, client: LoginClient, admit: (user: UserRow) => void): Promise<SignedIn> {
  const identifier = (body.email ?? body.username ?? "").trim();
  const password = body.password ?? "";
  if (!identifier || !password) throw new AppError(400, "fieldMissing", "fieldMissing");

  const user = await findUserByLogin(db, identifier);
  const knownDevice = user && (await deviceOwner(db, client.deviceSecret)) === user.id ? client.deviceSecret : undefined;
  const failures = await recentFailures(db, identifier, client.ip, knownDevice);
  const seconds = knownDevice
    ? secondsToWait(failures.device, DEVICE_RULE)
    : Math.max(secondsToWait(failures.email, EMAIL_RULE), secondsToWait(failures.address, ADDRESS_RULE));
  if (seconds > 0) throw new AppError(429, "tooManyAttempts", "tooManyAttempts", undefined, { "retry-after": String(seconds) }, { seconds });

  if (!user || !user.password_hash) {
    await verifyNobody(password, cost);
    await recordFailure(db, identifier, client.ip, undefined);
    throw new AppError(404, "userNotFound", "userNotFound");
  }
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordFailure(db, identifier, client.ip, knownDevice);
    throw new AppError(400, "wrongPassword", "wrongPassword");
  }
  if (user.locked) throw new AppError(423, "accountLocked", "accountLocked");
  admit(user);
  await clearOwnFailures(db, identifier, client.ip, knownDevice);
  return { user, deviceSecret: await rememberDevice(db, user.id, client.deviceSecret) };
}
