import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppRoot } from "./app/app-root";
import { queryClient } from "./app/query-client";
import { router } from "./app/router";
import { currentLanguage, translateErrorCode } from "./i18n/i18n";
import { configureApi } from "./lib/api";
import { rememberReturnTo } from "./features/session/return-to";
import { clearSession, getSession } from "./features/session/session-store";
import "./styles/global.css";

configureApi({
  fetch: (input, init) => fetch(input, init),
  getToken: () => getSession()?.token ?? null,
  getLanguage: currentLanguage,
  translateError: (code, { retryAfterSeconds }) => translateErrorCode(code, retryAfterSeconds),
  onUnauthorized: () => {
    // SPEC §8: any 401 clears the local session and goes to login, remembering where the user was.
    const { pathname, search, hash } = window.location;
    rememberReturnTo(`${pathname}${search}${hash}`);
    clearSession("expired");
    queryClient.clear();
    if (pathname !== "/v3/login") void router.navigate("/v3/login?from=requestAsync", { replace: true });
  },
});

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

createRoot(container).render(
  <StrictMode>
    <AppRoot />
  </StrictMode>,
);
