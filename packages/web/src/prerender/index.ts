// What prerender.mjs bundles and runs at build time (never shipped to the browser).
export { renderLoginShell } from "./login-shell";
export { renderSignedInStyles } from "./signed-in-styles";
