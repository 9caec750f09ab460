/** The maps screen, which the dashboard shows as its time-lapse map, loaded when that tab opens (it
 * brings the map library). */
export const loadMapsPage = () => import("./maps-page");
