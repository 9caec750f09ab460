// The export feature's only door: the file download and the export button.
export { downloadFile, saveBlob } from "./download-file";
export { ExportButton } from "./export-button";
export { texts } from "./texts";
