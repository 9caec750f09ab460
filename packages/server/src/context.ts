import type { Config } from "./config.js";
import type { Db } from "./db/db.js";
import type { EventBus } from "./realtime/bus.js";
import type { Hub } from "./realtime/hub.js";
import type { JobWorker } from "./jobs/index.js";

/** What route plugins need, passed explicitly instead of hidden in a base class. */
export interface AppContext {
  config: Config;
  db: Db;
  bus: EventBus;
  /** Where this deployment's keys and channels live in Redis (db/deployment.ts). */
  redisPrefix: string;
  hub: Hub;
  /** This process's background job worker (handlers register on it; kick it after enqueueing). */
  jobs: JobWorker;
}
