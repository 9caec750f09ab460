// The public link feature's only door: its screens for app/, and what other features use of it.
export { routes } from "./routes";
export { texts } from "./texts";
export { PublicPageFrame } from "./public-page-frame";
