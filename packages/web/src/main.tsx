// The catalogues first: every text the portal shows comes from them.
import "./app/catalogues";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { AppRoot } from "./app/app-root";
import { queryClient } from "./lib/query-client";
import { router } from "./app/router";
import { currentLanguage, storedLanguage, switchLanguage, translateErrorCode } from "./lib/i18n";
import { configureApi } from "./lib/api";
import { getSession, handleUnauthorized } from "./features/session";
import { revokeEvictedFileUrls } from "./features/files";
import { installErrorReporting, reportApiFailure } from "./features/client-errors";
import "./styles/global.css";

// Uncaught errors and failed calls reach the provider's error screen (features/client-errors).
installErrorReporting();

// A file's blob URL is released when its cache entry goes.
revokeEvictedFileUrls(queryClient.getQueryCache());

configureApi({
  fetch: (input, init) => fetch(input, init),
  getToken: () => getSession()?.token ?? null,
  getLanguage: currentLanguage,
  translateError: translateErrorCode,
  onFailure: reportApiFailure,
  onUnauthorized: () =>
    handleUnauthorized({
      location: window.location,
      clearCache: () => queryClient.clear(),
      navigate: (path) => void router.navigate(path, { replace: true }),
    }),
});

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

// The stored language's texts are loaded before the first render (at once for Spanish, which is in
// this download; English and French are fetched first).
void switchLanguage(storedLanguage()).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  ),
);
