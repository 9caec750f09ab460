import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { isIP } from "node:net";
import { join, resolve } from "node:path";
import { DEFAULT_LAW_ENFORCEMENT_DOMAINS } from "@atalaya/shared";
import { z } from "zod";
import { DEFAULT_MAX_REPORT_IMAGES, MAX_REPORT_MEDIA } from "@atalaya/shared";

// The settings' own parsers: http/origin.ts, http/trust-proxy.ts and auth/password-hash.ts use what they
// return, so the configuration imports neither folder.

/** The origin a browser sends (`scheme://host[:port]`, http or https, nothing else), normalised
 * (lower-case host, default port dropped); undefined when the value is not one. */
export function parseOrigin(value: string): string | undefined {
  if (/[/?#]$/.test(value)) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/** True for an http(s) origin as a browser sends it (used to validate ALLOWED_ORIGINS). */
export function isOrigin(value: string): boolean {
  return parseOrigin(value) !== undefined;
}

/** Which proxies' X-Forwarded-* headers are believed: none, the nearest N hops, or those at these
 * addresses/CIDRs (Fastify's `trustProxy`, through proxy-addr). */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_HELP =
  "must be false, true (one proxy), a hop count 1-10, or a comma-separated list of proxy addresses/CIDRs (10.0.0.0/8, loopback)";

// proxy-addr's names for address ranges.
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY as Fastify takes it, or undefined when the value is not valid. `true` means one hop:
 * the client is whoever connected to the proxy in front, never an address a client wrote into
 * X-Forwarded-For itself (Fastify's own `true` believes the left-most, which any client may set). */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const v = value.trim().toLowerCase();
  if (v === "false") return false;
  if (v === "true") return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops >= 1 && hops <= 10 ? hops : undefined;
  }
  const list = v.split(",").map((e) => e.trim()).filter(Boolean);
  return list.length && list.every(isAddressOrCidr) ? list : undefined;
}

/** Argon2id's cost of new hashes (ARGON2_MEMORY_KIB, ARGON2_PASSES, ARGON2_PARALLELISM below). A
 * verification reads the cost from the stored hash, so a change applies to passwords set afterwards. */
export interface PasswordCost {
  memoryKib: number;
  passes: number;
  parallelism: number;
}

const urlWithProtocol = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.join(" or ")}//`);

const originList = z
  .string()
  .refine(
    (v) => v.split(",").map((o) => o.trim().replace(/\/$/, "")).filter(Boolean).every(isOrigin),
    "must be a comma-separated list of origins such as https://portal.example.cl (scheme, host and port, no path)",
  );

/** Every setting the server reads from the environment, with its default. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  INSTANCE_NAME: z.string().trim().min(1).max(100).optional(),
  SHUTDOWN_NOTICE_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  ATALAYA_DATA_DIR: z.string().min(1).default("./data"),
  /** Where uploads and exports are kept: unset, `<ATALAYA_DATA_DIR>/files`; `s3://bucket/prefix`, an
   * S3-compatible bucket (files/README.md), reached with the FILE_STORE_* settings below. */
  FILE_STORE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[A-Za-z0-9!_.*'()/-]*)?$/, "must be s3://bucket or s3://bucket/prefix")
    .optional(),
  /** The bucket's endpoint (MinIO, a local S3 server…); unset: AWS's own for FILE_STORE_REGION. */
  FILE_STORE_ENDPOINT: urlWithProtocol(["http:", "https:"]).optional(),
  FILE_STORE_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, "must be a region name such as us-east-1").default("us-east-1"),
  /** The bucket's keys; unset: the SDK's own chain (environment, profile, instance role). */
  FILE_STORE_ACCESS_KEY_ID: z.string().regex(/^[\x21-\x7e]{1,256}$/, "must be 1 to 256 printable characters without spaces").optional(),
  FILE_STORE_SECRET_ACCESS_KEY: z.string().regex(/^[\x21-\x7e]{1,256}$/, "must be 1 to 256 printable characters without spaces").optional(),
  /** Bucket in the path (http://host/bucket/key) rather than the host name: most local S3 servers need it. */
  FILE_STORE_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  DATABASE_URL: urlWithProtocol(["postgres:", "postgresql:"]).optional(),
  REDIS_URL: urlWithProtocol(["redis:", "rediss:"]).optional(),
  /** Prefix of every Redis key and channel (default: derived from the database, one per deployment). */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, "must be 1 to 64 letters, digits or : _ . -")
    .optional(),
  PUBLIC_URL: urlWithProtocol(["http:", "https:"]).optional(),
  ALLOWED_ORIGINS: originList.optional(),
  /** Hosts besides the portal's own that a share link's sharedUrl may lead to (comma-separated). */
  SHARED_URL_HOSTS: z
    .string()
    .refine(
      (v) => v.split(",").map((h) => h.trim()).filter(Boolean).every((h) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(h)),
      "must be a comma-separated list of host names such as www.municipalidad.cl",
    )
    .optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ATALAYA_SEED: z.enum(["demo", "none"]).default("demo"),
  WEB_DIST_DIR: z.string().optional(),
  /** Which proxies in front may say who the client is: false, true (one hop), a hop count or a list of
   * proxy addresses/CIDRs (parseTrustProxy above). */
  TRUST_PROXY: z.string().refine((v) => parseTrustProxy(v) !== undefined, TRUST_PROXY_HELP).default("false"),
  /** Largest accepted upload (media, attachments), in megabytes. */
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(10),
  /** Images a report may hold through the portal's photos field (JPEG or PNG only). */
  MAX_REPORT_IMAGES: z.coerce.number().int().min(1).max(MAX_REPORT_MEDIA).default(DEFAULT_MAX_REPORT_IMAGES),
  /** Uploads one process reads at a time; past it 503 tooManyUploads with Retry-After. */
  MAX_CONCURRENT_UPLOADS: z.coerce.number().int().min(1).max(1000).default(8),
  /** An upload whose body brings no byte for this long ends with 408 uploadTooSlow, its slot freed. */
  UPLOAD_STALL_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** ...and one that brings fewer than this many bytes a second over such a span (0: no minimum). */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(100 * 1024 * 1024).default(4096),
  GEOCODER_URL: urlWithProtocol(["http:", "https:"]).default("https://nominatim.openstreetmap.org"),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** The police service answering stolen-vehicle plate lookups (issue 17); unset: the local fake
   * provider in demo mode (plates/fake-provider.ts), connectionFailed otherwise. */
  PLATE_SERVICE_URL: urlWithProtocol(["http:", "https:"]).optional(),
  PLATE_SERVICE_KEY: z.string().regex(/^[\x21-\x7e]{1,512}$/, "must be 1 to 512 printable characters without spaces").optional(),
  PLATE_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** How long a plate's answer is reused before the police service is asked again (0: never). */
  PLATE_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** The telephony service that starts click-to-call calls (SPEC §6 phone-call gate); unset: the local
   * fake in demo mode (calls/fake-telephony.ts), callFailed otherwise. */
  TELEPHONY_URL: urlWithProtocol(["http:", "https:"]).optional(),
  TELEPHONY_KEY: z.string().regex(/^[\x21-\x7e]{1,512}$/, "must be 1 to 512 printable characters without spaces").optional(),
  TELEPHONY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** MapLibre style documents for the maps by day and by night (the built-in OpenStreetMap raster
   * styles when unset), and the origins their tiles, glyphs and sprites come from (allowed by the CSP). */
  MAP_STYLE_URL: urlWithProtocol(["http:", "https:"]).optional(),
  MAP_DARK_STYLE_URL: urlWithProtocol(["http:", "https:"]).optional(),
  MAP_ORIGINS: originList.optional(),
  /** Community reports one address may send per window (mobile carriers put many reporters behind
   * one address): 200 per 100 s is about 120 a minute, with room for a burst of 200. */
  APP_REPORTS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(200),
  APP_REPORTS_ADDRESS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(100),
  /** Community reports one signed-in reporter may send per window. */
  APP_REPORTS_PER_REPORTER: z.coerce.number().int().min(1).max(1_000_000).default(10),
  APP_REPORTS_REPORTER_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Open311 calls (GeoReport v2, issue 18) one API key may make per window. */
  OPEN311_REQUESTS_PER_KEY: z.coerce.number().int().min(1).max(1_000_000).default(120),
  OPEN311_KEY_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Client error reports (POST /api/client-errors, issue 18) per address and per signed-in user per
   * window: a portal sends a batch at most every few seconds, so only a flood reaches them. */
  CLIENT_ERRORS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(120),
  CLIENT_ERRORS_PER_USER: z.coerce.number().int().min(1).max(1_000_000).default(30),
  CLIENT_ERRORS_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset: the route answers 404. */
  METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]{16,256}$/, "must be 16 to 256 printable characters without spaces").optional(),
  /** SMTP server of the mailer (smtp://user:pass@host:587, smtps://…); unset: mails stay in the outbox table. */
  SMTP_URL: urlWithProtocol(["smtp:", "smtps:"]).optional(),
  /** Sender of every mail. */
  // Daily and monthly summary e-mails (issue 15): "off" keeps the scheduled job from running (the API
  // tests, whose many users would each get one); the summaries' own tests run it themselves.
  SUMMARY_MAILS: z.enum(["on", "off"]).default("on"),
  // Browser push services are https; plain http origins allowed as push endpoints (a local test server only).
  PUSH_HTTP_ORIGINS: z.string().max(2000).default(""),
  MAIL_FROM: z.string().max(200).regex(/^[^\p{Cc}]*@[^\p{Cc}]*$/u, "must be an address such as Atalaya <no-reply@example.cl>").default("Atalaya <no-reply@atalaya.local>"),
  /** Lead-capture webhook the sign-up's organisation step is posted to (JSON); unset: none. */
  LEAD_WEBHOOK_URL: urlWithProtocol(["http:", "https:"]).optional(),
  /** Domains whose e-mails may ask for law-enforcement access (subdomains included). */
  LAW_ENFORCEMENT_DOMAINS: z
    .string()
    .refine(
      (v) => v.split(",").map((h) => h.trim()).filter(Boolean).every((h) => /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i.test(h)),
      "must be a comma-separated list of domains such as gob.cl",
    )
    .optional(),
  /** Sign-up and law-enforcement forms (pre-registration, registration, access) one address may send per hour. */
  PUBLIC_FORMS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /** HMAC key of the sign-up captcha's challenges (16 to 256 printable characters); unset: a random key per process. */
  ALTCHA_HMAC_KEY: z.string().regex(/^[\x21-\x7e]{16,256}$/, "must be 16 to 256 printable characters without spaces").optional(),
  /** Argon2id cost of new password hashes: memory (KiB), passes and lanes. The defaults (64 MiB, 3, 4)
   * are production's; the tests set the smallest argon2 allows (8 KiB per lane, 1 pass, 1 lane). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(8).max(4_194_304).default(65_536),
  ARGON2_PASSES: z.coerce.number().int().min(1).max(100).default(3),
  ARGON2_PARALLELISM: z.coerce.number().int().min(1).max(64).default(4),
}).refine((e) => !e.FILE_STORE_ACCESS_KEY_ID === !e.FILE_STORE_SECRET_ACCESS_KEY, {
  path: ["FILE_STORE_SECRET_ACCESS_KEY"],
  message: "must be set together with FILE_STORE_ACCESS_KEY_ID",
}).refine((e) => e.ARGON2_MEMORY_KIB >= 8 * e.ARGON2_PARALLELISM, {
  path: ["ARGON2_MEMORY_KIB"],
  message: "must be at least 8 KiB per lane (8 × ARGON2_PARALLELISM)",
});

/** The pace an upload's body must keep: a byte at least every stallMs, and at least minBytesPerSecond
 * over any such span (0: no minimum rate). */
export interface UploadPace {
  stallMs: number;
  minBytesPerSecond: number;
}

/** The name of every setting loadConfig reads, from its schema: the only names a deployment file may
 * pass the server (deployment-files.test.ts holds compose.yaml and the Dockerfile to it). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

/** Where files are kept (files/store.ts): the local directory, or an S3-compatible bucket. */
export type FileStoreConfig =
  | { kind: "local"; dir: string }
  | {
      kind: "s3";
      bucket: string;
      /** Key prefix inside the bucket, empty or ending in "/". */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

/** FILE_STORE_URL and the FILE_STORE_* settings as a store's configuration. */
function fileStoreConfig(e: z.infer<typeof envSchema>, dataDir: string): FileStoreConfig {
  if (!e.FILE_STORE_URL) return { kind: "local", dir: join(dataDir, "files") };
  const [bucket, ...rest] = e.FILE_STORE_URL.slice("s3://".length).split("/");
  const prefix = rest.filter(Boolean).join("/");
  return {
    kind: "s3",
    bucket: bucket!,
    prefix: prefix ? `${prefix}/` : "",
    endpoint: e.FILE_STORE_ENDPOINT,
    region: e.FILE_STORE_REGION,
    credentials:
      e.FILE_STORE_ACCESS_KEY_ID && e.FILE_STORE_SECRET_ACCESS_KEY
        ? { accessKeyId: e.FILE_STORE_ACCESS_KEY_ID, secretAccessKey: e.FILE_STORE_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.FILE_STORE_FORCE_PATH_STYLE === "true",
  };
}

export type Config = {
  port: number;
  host: string;
  /** This process's name in /readyz (INSTANCE_NAME, else the host's name): which one of several answered. */
  instanceName: string;
  /** SHUTDOWN_NOTICE_MS: on SIGTERM, how long /readyz answers 503 "draining" before the process stops
   * taking requests, so a balancer's health check sees it first (0 for a lone process). */
  shutdownNoticeMs: number;
  dataDir: string;
  /** Where uploads and exports are kept (FILE_STORE_URL and FILE_STORE_*). */
  fileStore: FileStoreConfig;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** REDIS_PREFIX, when set; otherwise the deployment's own (db/deployment.ts). */
  redisPrefix: string | undefined;
  /** Address browsers use (share links); its origin is accepted for WebSockets besides the request's own. */
  publicUrl: string;
  /** Further origins (ALLOWED_ORIGINS) whose pages may open the WebSocket, normalised by URL. */
  allowedOrigins: string[];
  /** Host names (lower case) besides the portal's own that a share link's sharedUrl may lead to. */
  sharedUrlHosts: string[];
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  seed: "demo" | "none";
  webDistDir: string | undefined;
  /** Fastify's trustProxy: false, a number of hops, or the proxies' addresses and CIDRs. Never `true`
   * (believing every X-Forwarded-For hop lets any client choose its own address). */
  trustProxy: TrustProxy;
  /** Limits of the public report intake (POST /api/app/reports): per address and per reporter. */
  appReportLimits: { perAddress: number; addressWindowMs: number; perReporter: number; reporterWindowMs: number };
  /** Open311 calls per API key and window (OPEN311_REQUESTS_PER_KEY, OPEN311_KEY_WINDOW_SECONDS). */
  open311Limit: { perKey: number; windowMs: number };
  /** Client error reports per address and per user and window (CLIENT_ERRORS_*). */
  clientErrorLimits: { perAddress: number; perUser: number; windowMs: number };
  /** Largest accepted upload in bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** Token of GET /metrics (METRICS_TOKEN); undefined: no metrics. */
  metricsToken: string | undefined;
  /** Uploads one process reads at a time (MAX_CONCURRENT_UPLOADS). */
  maxConcurrentUploads: number;
  /** The pace an upload must keep (UPLOAD_STALL_MS, UPLOAD_MIN_BYTES_PER_SECOND). */
  uploadPace: UploadPace;
  /** Images a report may hold through the portal's photos field (MAX_REPORT_IMAGES). */
  maxReportImages: number;
  /** Base URL of a Nominatim-compatible geocoder (address changes). */
  geocoderUrl: string;
  geocoderTimeoutMs: number;
  /** The plate lookup's police service (url undefined: the demo's fake, or none) and its cache time. */
  plateService: { url: string | undefined; key: string | undefined; timeoutMs: number; cacheSeconds: number };
  /** The click-to-call telephony service (url undefined: the demo's fake, or none). */
  telephony: { url: string | undefined; key: string | undefined; timeoutMs: number };
  /** Style URLs the portal's maps use by day and by night; null: the built-in OpenStreetMap raster styles. */
  mapStyles: { day: string | null; dark: string | null };
  /** Origins the maps may load from beyond the built-in tile server (the styles' own and MAP_ORIGINS). */
  mapOrigins: string[];
  /** SMTP_URL; undefined: mails stay in the outbox table. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SUMMARY_MAILS: the scheduled summary e-mails run in this process. */
  summaryMails: boolean;
  /** PUSH_HTTP_ORIGINS: http origins accepted as push endpoints besides https ones (tests). */
  pushHttpOrigins: string[];
  /** LEAD_WEBHOOK_URL; undefined: leads are not posted. */
  leadWebhookUrl: string | undefined;
  /** Domains (lower case) whose e-mails may ask for law-enforcement access. */
  lawEnforcementDomains: string[];
  /** HMAC key of the captcha's challenges. */
  altchaHmacKey: string;
  /** Sign-up and law-enforcement forms one address may send per hour. */
  publicFormsPerAddress: number;
  /** Argon2id cost of new password hashes and of the login's dummy verification (ARGON2_*). */
  passwordCost: PasswordCost;
};

/** Thrown when a setting is wrong: its message is one line naming the setting. */
export class ConfigError extends Error {}

/** Reads and validates the environment once; a wrong value throws a ConfigError naming the setting. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== "")),
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    throw new ConfigError(`Invalid setting ${name}: ${issue?.message ?? "invalid value"} (got "${env[name] ?? ""}")`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.ATALAYA_DATA_DIR);
  return {
    port: e.PORT,
    instanceName: e.INSTANCE_NAME ?? hostname(),
    shutdownNoticeMs: e.SHUTDOWN_NOTICE_MS,
    host: e.HOST,
    dataDir,
    fileStore: fileStoreConfig(e, dataDir),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    allowedOrigins: (e.ALLOWED_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean).map((o) => new URL(o).origin),
    sharedUrlHosts: (e.SHARED_URL_HOSTS ?? "").split(",").map((h) => h.trim().toLowerCase()).filter(Boolean),
    logLevel: e.LOG_LEVEL,
    seed: e.ATALAYA_SEED,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: parseTrustProxy(e.TRUST_PROXY) ?? false,
    appReportLimits: {
      perAddress: e.APP_REPORTS_PER_ADDRESS,
      addressWindowMs: e.APP_REPORTS_ADDRESS_WINDOW_SECONDS * 1000,
      perReporter: e.APP_REPORTS_PER_REPORTER,
      reporterWindowMs: e.APP_REPORTS_REPORTER_WINDOW_SECONDS * 1000,
    },
    open311Limit: { perKey: e.OPEN311_REQUESTS_PER_KEY, windowMs: e.OPEN311_KEY_WINDOW_SECONDS * 1000 },
    clientErrorLimits: { perAddress: e.CLIENT_ERRORS_PER_ADDRESS, perUser: e.CLIENT_ERRORS_PER_USER, windowMs: e.CLIENT_ERRORS_WINDOW_SECONDS * 1000 },
    maxUploadBytes: Math.floor(e.MAX_UPLOAD_MB * 1024 * 1024),
    metricsToken: e.METRICS_TOKEN,
    maxConcurrentUploads: e.MAX_CONCURRENT_UPLOADS,
    uploadPace: { stallMs: e.UPLOAD_STALL_MS, minBytesPerSecond: e.UPLOAD_MIN_BYTES_PER_SECOND },
    maxReportImages: e.MAX_REPORT_IMAGES,
    geocoderUrl: e.GEOCODER_URL.replace(/\/$/, ""),
    geocoderTimeoutMs: e.GEOCODER_TIMEOUT_MS,
    plateService: {
      url: e.PLATE_SERVICE_URL?.replace(/\/$/, ""),
      key: e.PLATE_SERVICE_KEY,
      timeoutMs: e.PLATE_SERVICE_TIMEOUT_MS,
      cacheSeconds: e.PLATE_CACHE_SECONDS,
    },
    telephony: { url: e.TELEPHONY_URL?.replace(/\/$/, ""), key: e.TELEPHONY_KEY, timeoutMs: e.TELEPHONY_TIMEOUT_MS },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    summaryMails: e.SUMMARY_MAILS === "on",
    pushHttpOrigins: e.PUSH_HTTP_ORIGINS.split(",").map((o) => o.trim().replace(/\/$/, "")).filter(Boolean),
    leadWebhookUrl: e.LEAD_WEBHOOK_URL,
    lawEnforcementDomains: e.LAW_ENFORCEMENT_DOMAINS
      ? e.LAW_ENFORCEMENT_DOMAINS.split(",").map((d) => d.trim().toLowerCase()).filter(Boolean)
      : [...DEFAULT_LAW_ENFORCEMENT_DOMAINS],
    publicFormsPerAddress: e.PUBLIC_FORMS_PER_ADDRESS,
    passwordCost: { memoryKib: e.ARGON2_MEMORY_KIB, passes: e.ARGON2_PASSES, parallelism: e.ARGON2_PARALLELISM },
    altchaHmacKey: e.ALTCHA_HMAC_KEY ?? randomBytes(32).toString("base64url"),
    mapStyles: { day: e.MAP_STYLE_URL ?? null, dark: e.MAP_DARK_STYLE_URL ?? e.MAP_STYLE_URL ?? null },
    mapOrigins: [
      ...new Set([
        ...[e.MAP_STYLE_URL, e.MAP_DARK_STYLE_URL].filter((u): u is string => Boolean(u)).map((u) => new URL(u).origin),
        ...(e.MAP_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean).map((o) => new URL(o).origin),
      ]),
    ],
  };
}
