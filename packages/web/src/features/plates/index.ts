// The plates feature's only door: its screens and menu rows for app/, and what other features use of it.
export { routes } from "./routes";
export { texts } from "./texts";
export { menu } from "./menu";
export { CallButton } from "./call-button";
export { HeaderPlateSearch } from "./header-plate-search";
export { ReportPlateButton, ReportStolenPlate } from "./report-plate-tools";
export { StolenPlateBadge } from "./stolen-plate-badge";
