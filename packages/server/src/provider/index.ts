// The provider's side: freemium upgrade requests and the organisations screen.
export { providerRoutes } from "./provider.routes.js";
