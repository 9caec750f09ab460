import type { Config } from "./config.js";
import type { Db } from "./db/db.js";
import type { EventBus } from "./realtime/bus.js";
import type { Hub } from "./realtime/hub.js";

/** What route plugins need, passed explicitly instead of hidden in a base class. */
export interface AppContext {
  config: Config;
  db: Db;
  bus: EventBus;
  hub: Hub;
}
