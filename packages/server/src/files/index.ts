// The files domain as other domains see it: checking an upload, storing it with the row that uses it.
import type { AppContext, Domain } from "../context.js";
import { fileRoutes, type ReportVisibleInApp } from "./file.routes.js";
export { filesDir, incomingDir, openFile, removeFile, saveUpload, withStoredFile, FILE_NAME_PATTERN, type CheckedUpload, type StoredFile } from "./file-store.js";
export { insertStoredFile } from "./file.repository.js";
export { checkUpload, installUploadCleanup, readBodyWithFile, readUploadFiles, readUploadForm, uploadLimitsOf, type RawUpload, type UploadForm } from "./upload.js";
export { type ReportVisibleInApp } from "./file.routes.js";
export { sendStoredFile, type SentFile } from "./send-stored-file.js";
export { fileStoreOf, closeFileStoreOf, openFileStore } from "./store-of.js";
export { FileExistsError, storeUnavailable, type FileStore, type OpenedFile } from "./store.js";
export { openGeneratedFile, removeGeneratedFile, storeGeneratedFile, type GeneratedFileResult } from "./generated-file.js";

/** The files domain in the application: its routes. Whether the reporter app may read a report's file is
 * the caller's to say (interactions/ knows; files/ is below it and does not import it). */
export function filesDomain(visibleInApp: (ctx: AppContext) => ReportVisibleInApp): Domain {
  return { name: "files", routes: (app, ctx) => fileRoutes(app, ctx, visibleInApp(ctx)) };
}
