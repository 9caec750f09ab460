import type { FeatureRoutes } from "../../lib/feature";
import { LoginPage } from "./login-page";

/** The login page's address. */
export const paths = { login: "/v3/login" } as const;

/** The login page: in the first download (it is prerendered into login.html and replaced by this). */
export const routes: FeatureRoutes = {
  open: [{ path: paths.login, element: <LoginPage /> }],
};
