// The errors feature's only door: its screens for app/, and what other features use of it.
export { routes } from "./routes";
export { texts } from "./texts";
export { StatusResult } from "./status-pages";
