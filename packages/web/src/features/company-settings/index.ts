// What other features use of company settings: the freemium upgrade prompt (side-nav entries of
// full-plan features open it instead of their screen) and the screen that stands in for such a feature
// opened by its address.
export { useIsFreemium, useUpgradePrompt } from "./upgrade-prompt";
export { UpgradeScreen } from "./upgrade-screen";
