import {
  LOGIN_BASE_DELAY_SECONDS,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_FREE_FAILURES_PER_DEVICE,
  LOGIN_FREE_FAILURES_PER_EMAIL,
  LOGIN_MAX_DELAY_SECONDS,
  LOGIN_WINDOW_SECONDS,
} from "@atalaya/shared";
import { one, type Db } from "../db/db.js";
import { hashSecret, newSecret } from "./tokens.js";

// The login throttle (issue 14). Failures are rows in the database, so every server process sees the
// same counts. Nothing is ever locked outright: past a few free failures each attempt must wait a delay
// that doubles with every further failure (up to a cap), and the caller is told how long. A device the
// user has signed in from before (its cookie) is judged on its own failures only, so an attacker
// hammering an e-mail or sharing an address cannot keep its owner out.

/** The failures of one key (e-mail, address or device) in the window: how many, and seconds since the last. */
export interface FailureCount {
  count: number;
  secondsSinceLast: number;
}

/** How many failures a key may have before attempts must wait. */
export interface ThrottleRule {
  free: number;
}

export const EMAIL_RULE: ThrottleRule = { free: LOGIN_FREE_FAILURES_PER_EMAIL };
export const ADDRESS_RULE: ThrottleRule = { free: LOGIN_FREE_FAILURES_PER_ADDRESS };
export const DEVICE_RULE: ThrottleRule = { free: LOGIN_FREE_FAILURES_PER_DEVICE };

/** The wait after `failures` failures: none within the free ones, then 30 s doubling per failure up to 15 min. */
export function delayAfter(failures: number, rule: ThrottleRule): number {
  if (failures < rule.free) return 0;
  return Math.min(LOGIN_MAX_DELAY_SECONDS, LOGIN_BASE_DELAY_SECONDS * 2 ** Math.min(failures - rule.free, 30));
}

/** Seconds the key must still wait before its next attempt (0: it may try now). A key within its free
 * failures never waits, and the time since the last failure counts from 0: a failure recorded by a
 * concurrent attempt can carry a time just after this statement's `now()`, and that negative fraction of a
 * second once turned "no delay" into a 429 "wait 1 second" for a caller under the limit. */
export function secondsToWait(failures: FailureCount, rule: ThrottleRule): number {
  return Math.max(0, Math.ceil(delayAfter(failures.count, rule) - Math.max(0, failures.secondsSinceLast)));
}

/** The name of the cookie that marks a device its user signed in from. */
export const DEVICE_COOKIE = "atalaya_device";
/** How long a device stays known without a sign-in (README "Data retention"). */
export const DEVICE_TTL_DAYS = 90;

/** The user id a device secret belongs to, when it is known and was used within its lifetime. */
export async function deviceOwner(db: Db, secret: string | undefined): Promise<number | undefined> {
  if (!secret) return undefined;
  const row = await one<{ user_id: number }>(
    db,
    "select user_id from login_devices where token_hash = $1 and last_used_at > now() - make_interval(days => $2)",
    [hashSecret(secret), DEVICE_TTL_DAYS],
  );
  return row?.user_id;
}

/** Marks the device as the user's after a successful sign-in: refreshes a known secret of theirs, or
 * makes a new one (returned, for the cookie). */
export async function rememberDevice(db: Db, userId: number, secret: string | undefined): Promise<string> {
  if (secret) {
    const kept = await db.query("update login_devices set last_used_at = now() where token_hash = $1 and user_id = $2 returning 1", [
      hashSecret(secret),
      userId,
    ]);
    if (kept.length) return secret;
  }
  const fresh = newSecret();
  await db.query("insert into login_devices (token_hash, user_id) values ($1, $2)", [hashSecret(fresh), userId]);
  return fresh;
}

/** Failures in the window of the e-mail and of the address (from unknown devices), and of the device. */
export async function recentFailures(
  db: Db,
  email: string,
  ip: string,
  deviceSecret: string | undefined,
): Promise<{ email: FailureCount; address: FailureCount; device: FailureCount }> {
  const row = await one<Record<"email_n" | "email_s" | "ip_n" | "ip_s" | "dev_n" | "dev_s", number | null>>(
    db,
    `with w as (select email, ip, device_hash, at from login_failures
                 where at > now() - make_interval(secs => $4)
                   and (email = lower($1) or ip = $2 or ($3::bytea is not null and device_hash = $3::bytea)))
     select count(*) filter (where email = lower($1) and device_hash is null)::int as email_n,
            extract(epoch from now() - max(at) filter (where email = lower($1) and device_hash is null))::float8 as email_s,
            count(*) filter (where ip = $2 and device_hash is null)::int as ip_n,
            extract(epoch from now() - max(at) filter (where ip = $2 and device_hash is null))::float8 as ip_s,
            count(*) filter (where device_hash = $3::bytea)::int as dev_n,
            extract(epoch from now() - max(at) filter (where device_hash = $3::bytea))::float8 as dev_s
       from w`,
    [email, ip, deviceSecret ? hashSecret(deviceSecret) : null, LOGIN_WINDOW_SECONDS],
  );
  const count = (n: number | null | undefined, s: number | null | undefined): FailureCount => ({ count: n ?? 0, secondsSinceLast: s ?? 0 });
  return { email: count(row?.email_n, row?.email_s), address: count(row?.ip_n, row?.ip_s), device: count(row?.dev_n, row?.dev_s) };
}

/** Records a failed sign-in; one from a known device carries the device, so it counts against that device only. */
export async function recordFailure(db: Db, email: string, ip: string, knownDeviceSecret: string | undefined): Promise<void> {
  await db.query("insert into login_failures (email, ip, device_hash) values (lower($1), $2, $3)", [
    email,
    ip,
    knownDeviceSecret ? hashSecret(knownDeviceSecret) : null,
  ]);
}

/** After a successful sign-in, forgets the e-mail's failures made from this address or this device (the
 * owner's own typing); an attacker's failures from elsewhere keep their delay. */
export async function clearOwnFailures(db: Db, email: string, ip: string, deviceSecret: string | undefined): Promise<void> {
  await db.query(
    "delete from login_failures where email = lower($1) and (ip = $2 or ($3::bytea is not null and device_hash = $3::bytea))",
    [email, ip, deviceSecret ? hashSecret(deviceSecret) : null],
  );
}
