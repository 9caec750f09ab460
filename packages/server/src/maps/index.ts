// The maps domain: report points, clusters and heat grids for the portal's maps.
export { mapRoutes } from "./map.routes.js";
