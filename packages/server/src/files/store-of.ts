import type { Config, FileStoreConfig } from "../config.js";
import { localStore } from "./local-store.js";
import { s3Store } from "./s3-store.js";
import type { FileStore } from "./store.js";

/** A store of the given configuration (new connections each call: use fileStoreOf in the app). */
export function openFileStore(config: FileStoreConfig): FileStore {
  return config.kind === "s3" ? s3Store(config) : localStore(config.dir);
}

const stores = new WeakMap<object, FileStore>();
/** The store of an app's configuration, one per configuration (per process), made on first use. */
export function fileStoreOf(config: Pick<Config, "fileStore">): FileStore {
  let store = stores.get(config);
  if (!store) stores.set(config, (store = openFileStore(config.fileStore)));
  return store;
}

/** Closes the store of a configuration if one was made (the app's onClose). */
export function closeFileStoreOf(config: Pick<Config, "fileStore">): void {
  stores.get(config)?.close();
  stores.delete(config);
}
