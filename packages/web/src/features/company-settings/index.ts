// The company settings feature's only door: its screens and menu rows for app/, and what other
// features use of it: the freemium upgrade prompt (side-nav entries of full-plan features open it
// instead of their screen) and the screen that stands in for such a feature opened by its address.
export { routes } from "./routes";
export { texts } from "./texts";
export { menu } from "./menu";
export { useIsFreemium, useUpgradePrompt } from "./upgrade-prompt";
export { UpgradeScreen } from "./upgrade-screen";
