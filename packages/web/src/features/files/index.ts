// The files feature's only door: the authorised file URLs of stored files (photos, documents).
export { openFile, revokeEvictedFileUrls, useFileUrl } from "./file-url";
