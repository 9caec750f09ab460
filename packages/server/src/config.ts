import { resolve } from "node:path";
import { z } from "zod";
import { isOrigin } from "./http/origin.js";

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
  ATALAYA_DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: urlWithProtocol(["postgres:", "postgresql:"]).optional(),
  REDIS_URL: urlWithProtocol(["redis:", "rediss:"]).optional(),
  PUBLIC_URL: urlWithProtocol(["http:", "https:"]).optional(),
  ALLOWED_ORIGINS: originList.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ATALAYA_SEED: z.enum(["demo", "none"]).default("demo"),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z.enum(["true", "false"]).default("false"),
  /** Largest accepted upload (media, attachments), in megabytes. */
  MAX_UPLOAD_MB: z.coerce.number().positive().max(1024).default(10),
  GEOCODER_URL: urlWithProtocol(["http:", "https:"]).default("https://nominatim.openstreetmap.org"),
  GEOCODER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** Address browsers use (share links); its origin is accepted for WebSockets besides the request's own. */
  publicUrl: string;
  /** Further origins (ALLOWED_ORIGINS) whose pages may open the WebSocket, normalised by URL. */
  allowedOrigins: string[];
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  seed: "demo" | "none";
  webDistDir: string | undefined;
  trustProxy: boolean;
  /** Largest accepted upload in bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** Base URL of a Nominatim-compatible geocoder (address changes). */
  geocoderUrl: string;
  geocoderTimeoutMs: number;
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
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.ATALAYA_DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    allowedOrigins: (e.ALLOWED_ORIGINS ?? "").split(",").map((o) => o.trim()).filter(Boolean).map((o) => new URL(o).origin),
    logLevel: e.LOG_LEVEL,
    seed: e.ATALAYA_SEED,
    webDistDir: e.WEB_DIST_DIR,
    trustProxy: e.TRUST_PROXY === "true",
    maxUploadBytes: Math.floor(e.MAX_UPLOAD_MB * 1024 * 1024),
    geocoderUrl: e.GEOCODER_URL.replace(/\/$/, ""),
    geocoderTimeoutMs: e.GEOCODER_TIMEOUT_MS,
  };
}
