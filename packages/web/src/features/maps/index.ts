// The maps feature's only door: its screens and menu rows for app/, and what other features use of it.
export { routes } from "./routes";
export { texts } from "./texts";
export { menu } from "./menu";
export { fetchMapReports, mapKeys, mapQueryOf, type MapQuery } from "./maps-api";
export { PATROL_STATUS_COLORS, patrolMarkers, patrolPopupElement, patrolTexts } from "./patrol-markers";
export { useLivePatrols } from "./patrols-api";
export { clusterCounts, fitReports, reportPins, showReports, staticPinElement } from "./report-layers";
export { loadMapsPage } from "./lazy";
