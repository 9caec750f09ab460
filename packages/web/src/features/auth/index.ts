// The auth feature's only door: its screens for app/, and what other features use of it.
export { routes } from "./routes";
export { login } from "./auth-api";
export { LoginPage } from "./login-page";
export { useLogout } from "./use-logout";
