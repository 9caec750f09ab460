import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { FileStoreConfig } from "../config.js";
import { FileExistsError, storeUnavailable, type FileStore } from "./store.js";

type S3Config = Extract<FileStoreConfig, { kind: "s3" }>;

// How long a connection to the bucket may take, and a request may go without a byte, before the store
// counts as unreachable: the sender waits seconds for a 503, not the SDK's minutes of retries.
const CONNECT_TIMEOUT_MS = 2000;
const IDLE_TIMEOUT_MS = 30_000;
// One retry rides out a dropped keep-alive connection; more would only delay the 503.
const MAX_ATTEMPTS = 2;
// Parts of a multipart upload: 5 MiB (S3's smallest), two in flight, so an upload holds ~10 MiB at most.
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const statusOf = (err: unknown) => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const nameOf = (err: unknown) => (err as { name?: string }).name;
const isMissing = (err: unknown) => statusOf(err) === 404 || nameOf(err) === "NoSuchKey" || nameOf(err) === "NotFound";

/** The S3 kind: files as objects of one bucket under a prefix (AWS, MinIO, any S3-compatible server),
 * so that every process of a deployment sees every file. */
export function s3Store(config: S3Config): FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: IDLE_TIMEOUT_MS },
    // Checksums only where an operation requires them: the SDK's default (a CRC trailer on every
    // upload) is refused by many S3-compatible servers; the content was checked before it is stored.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  const keyOf = (key: string) => config.prefix + key;
  return {
    where: `s3://${config.bucket}/${config.prefix}${config.endpoint ? ` at ${config.endpoint}` : ""}`,
    async put(key, from, mime) {
      const Key = keyOf(key);
      // A taken key is refused twice over: asked first (servers that ignore conditions), and the write
      // itself made conditional (If-None-Match: *) so two writers cannot both win on servers that honour it.
      const taken = await client.send(new HeadObjectCommand({ Bucket, Key })).then(
        () => true,
        (err: unknown) => {
          if (isMissing(err)) return false;
          throw storeUnavailable(err);
        },
      );
      if (taken) throw new FileExistsError(key);
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: createReadStream(from), ContentType: mime, IfNoneMatch: "*" },
        partSize: PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        // On failure the multipart upload is aborted: no part is kept, no object appears.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        if (statusOf(err) === 412 || nameOf(err) === "PreconditionFailed") throw new FileExistsError(key);
        throw storeUnavailable(err);
      }
    },
    async open(key) {
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        return { stream: got.Body as Readable, size: got.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw storeUnavailable(err);
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) })).catch((err: unknown) => {
        if (!isMissing(err)) throw storeUnavailable(err);
      });
    },
    close() {
      client.destroy();
    },
  };
}
