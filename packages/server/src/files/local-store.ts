import { constants } from "node:fs";
import { copyFile, link, mkdir, open as fsOpen, unlink } from "node:fs/promises";
import { dirname, join } from "node:path";
import { FileExistsError, storeUnavailable, type FileStore } from "./store.js";

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

/** The local kind: files under one directory (`<ATALAYA_DATA_DIR>/files` by default), for one machine. */
export function localStore(dir: string): FileStore {
  const pathOf = (key: string) => join(dir, key);
  return {
    where: dir,
    async put(key, from) {
      const path = pathOf(key);
      // A directory that cannot be made (a file in its place, a lost disk) is the store's fault, never a
      // taken name, even when it says EEXIST.
      await mkdir(dirname(path), { recursive: true }).catch((err: unknown) => {
        throw storeUnavailable(err);
      });
      try {
        // A hard link gives the checked temporary file its stored name without copying it, and fails
        // rather than overwrite; across file systems a copy that also refuses to overwrite.
        await link(from, path).catch(async (err: unknown) => {
          if (code(err) !== "EXDEV") throw err;
          await copyFile(from, path, constants.COPYFILE_EXCL).catch(async (copyErr: unknown) => {
            if (code(copyErr) !== "EEXIST") await unlink(path).catch(() => undefined);
            throw copyErr;
          });
        });
      } catch (err) {
        if (code(err) === "EEXIST") throw new FileExistsError(key);
        throw storeUnavailable(err);
      }
    },
    async open(key) {
      // Opened before it is measured, so that a file removed meanwhile is still read whole (or not at all).
      const handle = await fsOpen(pathOf(key), "r").catch((err: unknown) => {
        if (code(err) === "ENOENT") return undefined;
        throw storeUnavailable(err);
      });
      if (!handle) return undefined;
      const info = await handle.stat().catch(async (err: unknown) => {
        await handle.close();
        throw storeUnavailable(err);
      });
      if (!info.isFile()) {
        await handle.close();
        return undefined;
      }
      return { stream: handle.createReadStream(), size: info.size };
    },
    async remove(key) {
      await unlink(pathOf(key)).catch((err: unknown) => {
        if (code(err) !== "ENOENT") throw storeUnavailable(err);
      });
    },
    close() {},
  };
}
