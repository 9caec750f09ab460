import { execFileSync, spawnSync } from "node:child_process";

/** Whether poppler's pdftotext is installed (CI installs poppler-utils). Tests that read a PDF's text
 * use `it.skipIf(!hasPdftotext)`, so a missing tool shows as skipped, never as passed. */
export const hasPdftotext = spawnSync("pdftotext", ["-v"], { stdio: "ignore" }).status === 0;

/** The text of a PDF, laid out as on the page. */
export const pdftotext = (pdf: Uint8Array): string => execFileSync("pdftotext", ["-layout", "-", "-"], { input: pdf }).toString();
