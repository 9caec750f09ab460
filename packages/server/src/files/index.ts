// The files domain as other domains see it: checking an upload, storing it with the row that uses it.
export { filesDir, withStoredFile, type CheckedUpload } from "./file-store.js";
export { insertStoredFile } from "./file.repository.js";
export { checkUpload, installUploadCleanup, readBodyWithFile, readUploadForm, uploadLimitsOf, type RawUpload, type UploadForm } from "./upload.js";
export { fileRoutes, type ReportVisibleInApp } from "./file.routes.js";
