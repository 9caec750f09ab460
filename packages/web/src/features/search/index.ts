// The search feature's only door: its screens for app/, and what other features use of it.
export { routes } from "./routes";
export { texts } from "./texts";
export { HeaderSearch } from "./header-search";
