import type { MapOptions } from "maplibre-gl";

type Translate = (key: string) => string;

// MapLibre's own interface texts (English in the library), each from the portal's catalogues.
const KEYS = {
  "AttributionControl.ToggleAttribution": "map.toggleAttribution",
  "AttributionControl.MapFeedback": "map.feedback",
  "FullscreenControl.Enter": "map.fullscreenEnter",
  "FullscreenControl.Exit": "map.fullscreenExit",
  "GeolocateControl.FindMyLocation": "map.findMyLocation",
  "GeolocateControl.LocationNotAvailable": "map.locationNotAvailable",
  "LogoControl.Title": "map.logo",
  "Map.Title": "map.title",
  "Marker.Title": "map.marker",
  "NavigationControl.ResetBearing": "map.resetBearing",
  "NavigationControl.ZoomIn": "map.zoomIn",
  "NavigationControl.ZoomOut": "map.zoomOut",
  "Popup.Close": "map.closePopup",
  "CooperativeGesturesHandler.WindowsHelpText": "map.windowsHelp",
  "CooperativeGesturesHandler.MacHelpText": "map.macHelp",
  "CooperativeGesturesHandler.MobileHelpText": "map.mobileHelp",
} as const;

/** The `locale` option of a MapLibre map in the interface language. */
export function mapLocale(t: Translate): NonNullable<MapOptions["locale"]> {
  return Object.fromEntries(Object.entries(KEYS).map(([library, key]) => [library, t(key)]));
}
