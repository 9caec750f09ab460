// The search feature's only door: its screens for app/, and what other features use of it.
export { routes } from "./routes";
export { HeaderSearch } from "./header-search";
