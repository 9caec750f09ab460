// The zones feature's only door: its screens and menu rows for app/, and what other features use of it.
export { routes } from "./routes";
export { texts } from "./texts";
export { menu } from "./menu";
export { showZones } from "./zone-layers";
export { fetchZones, zoneKeys } from "./zones-api";
