// A local S3-compatible server (s3rver, a devDependency of the server) for the files of `npm run cluster`,
// the fault suite's "object store down" case and the file-store tests: one bucket in a directory, path-style
// addresses, s3rver's fixed keys (S3RVER / S3RVER). Not for production: a real deployment uses a bucket of
// its own (FILE_STORE_URL, README's settings).
//
// Usage: node scripts/s3-server.mjs <directory> <port> <bucket>. Prints one JSON line once it listens,
// {"endpoint": "http://127.0.0.1:<port>", "bucket": …, "accessKeyId": …, "secretAccessKey": …}, or
// {"error": …}; it stops on SIGTERM or SIGINT. Started again on the same directory and port, it serves
// what it held before.
import { mkdirSync } from "node:fs";
import S3rver from "s3rver";

const [directory, port, bucket] = process.argv.slice(2);
if (!directory || !port || !bucket) {
  console.log(JSON.stringify({ error: "usage: node scripts/s3-server.mjs <directory> <port> <bucket>" }));
  process.exit(2);
}
mkdirSync(directory, { recursive: true });
const server = new S3rver({
  address: "127.0.0.1",
  port: Number(port),
  directory,
  silent: true,
  configureBuckets: [{ name: bucket }],
});
try {
  await server.run();
} catch (err) {
  console.log(JSON.stringify({ error: `the S3 server did not start on port ${port}: ${err.message}` }));
  process.exit(1);
}
console.log(JSON.stringify({ endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" }));
for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => void server.close().finally(() => process.exit(0)));
