import { createHash, randomBytes } from "node:crypto";
import type { ApiKey, ApiKeyBody } from "@atalaya/shared";
import type { CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { notFound } from "../http/errors.js";
import { insertApiKey, listApiKeys, revokeApiKey } from "./api-key.repository.js";

/** What every key starts with, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = "atl_";
/** Characters of a key shown in lists: the marker and 8 of its random characters. */
const SHOWN = API_KEY_PREFIX.length + 8;

/** The stored form of a key: its SHA-256 (256 random bits need no slow hash). */
export const hashApiKey = (key: string): Buffer => createHash("sha256").update(key, "utf8").digest();

/** The company's keys as listed: prefix, name, who created it and when, last use, revocation. */
export function listKeys(ctx: AppContext, scope: CompanyScope): Promise<ApiKey[]> {
  return listApiKeys(ctx.db, scope);
}

/** Creates a key: 256 random bits, base64url, returned whole this once and stored only hashed. */
export async function createKey(ctx: AppContext, scope: CompanyScope, body: ApiKeyBody): Promise<{ apiKey: ApiKey; key: string }> {
  const key = API_KEY_PREFIX + randomBytes(32).toString("base64url");
  const apiKey = await insertApiKey(ctx.db, scope, { name: body.name, prefix: key.slice(0, SHOWN), hash: hashApiKey(key), userId: scope.actor.user.id });
  return { apiKey, key };
}

/** Revokes a key of the company at once (the next call with it is 403); 404 for another company's. */
export async function revokeKey(ctx: AppContext, scope: CompanyScope, id: number): Promise<ApiKey> {
  const apiKey = await revokeApiKey(ctx.db, scope, id);
  if (!apiKey) throw notFound();
  return apiKey;
}
