import type { FastifyInstance } from "fastify";
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

/** What a domain adds to the application; its index.ts exports one, and app.ts registers the list in
 * domains.ts. Routes go into the API's scope; job handlers go onto ctx.jobs before the worker starts. */
export interface Domain {
  name: string;
  routes?: (app: FastifyInstance, ctx: AppContext) => Promise<void>;
  jobs?: (ctx: AppContext) => void | Promise<void>;
}
