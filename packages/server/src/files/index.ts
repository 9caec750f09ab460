// The files domain as other domains see it: checking an upload, storing it with the row that uses it.
export { filesDir, incomingDir, openFile, removeFile, saveUpload, withStoredFile, FILE_NAME_PATTERN, type CheckedUpload, type StoredFile } from "./file-store.js";
export { insertStoredFile } from "./file.repository.js";
export { checkUpload, installUploadCleanup, readBodyWithFile, readUploadFiles, readUploadForm, uploadLimitsOf, type RawUpload, type UploadForm } from "./upload.js";
export { fileRoutes, type ReportVisibleInApp } from "./file.routes.js";
export { sendStoredFile, type SentFile } from "./send-stored-file.js";
export { fileStoreOf, closeFileStoreOf, openFileStore } from "./store-of.js";
export { FileExistsError, storeUnavailable, type FileStore, type OpenedFile } from "./store.js";
export { openGeneratedFile, removeGeneratedFile, storeGeneratedFile, type GeneratedFileResult } from "./generated-file.js";
