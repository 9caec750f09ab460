import type { exportEs } from "./messages-es";

/** English texts of the spreadsheet export. */
export const exportEn: typeof exportEs = {
  button: "Export",
  title: "Export reports",
  from: "From",
  to: "To",
  types: "Report types",
  allTypes: "All types",
  datesRequired: "Dates must be chosen",
  export: "Export",
  close: "Close",
  progress: "Writing {{written}} of {{total}} reports…",
  ready: "The file is ready ({{total}} reports).",
  download: "Download file",
  slow: "The export may take a few minutes.",
  failed: "An unexpected error has occurred, please try again",
};
