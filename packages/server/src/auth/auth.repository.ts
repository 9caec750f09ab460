import { ACCESS_TOKEN_TTL_HOURS } from "@atalaya/shared";
import { one, type Db, type Tx } from "../db/db.js";
import type { Tables } from "../db/tables.js";
import { hashSecret, newSecret } from "./tokens.js";

export type UserRow = Pick<
  Tables["users"],
  | "id"
  | "uuid"
  | "email"
  | "username"
  | "password_hash"
  | "first_name"
  | "last_name"
  | "phone"
  | "cover"
  | "home_address"
  | "groups"
  | "timezone"
  | "lang"
  | "settings"
  | "rating"
  | "locked"
> & { settings: Record<string, unknown> };

const USER_COLUMNS =
  "id, uuid, email, username, password_hash, first_name, last_name, phone, cover, home_address, groups, timezone, lang, settings, rating, locked";

/** The user whose e-mail or username is login (case-insensitive). */
export function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  return one<UserRow>(
    db,
    `select ${USER_COLUMNS} from users where lower(email) = lower($1) or lower(username) = lower($1) limit 1`,
    [login],
  );
}

/** The user holding a valid (unexpired, unrevoked) access token. */
export function findUserByToken(db: Db, token: string): Promise<UserRow | undefined> {
  return one<UserRow>(
    db,
    `select ${USER_COLUMNS.split(", ").map((c) => `u.${c}`).join(", ")}
       from access_tokens t join users u on u.id = t.user_id
      where t.token_hash = $1 and t.revoked_at is null and t.expires_at > now()`,
    [hashSecret(token)],
  );
}

/** Creates a new access token for the user and returns the secret (stored only hashed). */
export async function issueToken(db: Db, userId: number, ip: string): Promise<string> {
  const token = newSecret();
  await db.query(
    `insert into access_tokens (token_hash, user_id, expires_at, ip)
     values ($1, $2, now() + make_interval(hours => $3), $4)`,
    [hashSecret(token), userId, ACCESS_TOKEN_TTL_HOURS, ip],
  );
  return token;
}

/** Revokes one token (logout). */
export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.query("update access_tokens set revoked_at = now() where token_hash = $1 and revoked_at is null", [
    hashSecret(token),
  ]);
}

/** Revokes every token of a user (account locked). */
export async function revokeUserTokens(db: Tx, userId: number): Promise<void> {
  await db.query("update access_tokens set revoked_at = now() where user_id = $1 and revoked_at is null", [userId]);
}
