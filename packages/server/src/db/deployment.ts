import { one, type Db } from "./db.js";

/** The deployment's id (migration 013): every process on this database reads the same one. */
export async function deploymentId(db: Db): Promise<string> {
  const row = await one<{ uuid: string }>(db, "select uuid::text as uuid from deployment");
  if (!row) throw new Error("the deployment table is empty: run the migrations");
  return row.uuid;
}

/** Where this deployment's keys and channels live in Redis: REDIS_PREFIX when given, else one derived
 * from the database, so deployments sharing a Redis never read each other's events or presence. */
export async function redisPrefixOf(db: Db, configured: string | undefined): Promise<string> {
  return configured ?? `atalaya:${await deploymentId(db)}:`;
}
