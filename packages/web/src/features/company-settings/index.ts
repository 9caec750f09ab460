// What other features use of company settings: the freemium upgrade prompt (side-nav entries of
// full-plan features open it instead of their screen).
export { useIsFreemium, useUpgradePrompt } from "./upgrade-prompt";
