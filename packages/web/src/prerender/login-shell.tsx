// Rendered at build time (prerender.mjs), never shipped to the browser: the login page as HTML, with the
// Ant Design styles it needs, so `/v3/login` paints its form before the portal's JavaScript has arrived.
// The same LoginPage component the browser runs, with the same theme and Spanish texts, so the picture
// cannot drift from the page that replaces it.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { ConfigProvider } from "antd";
import esES from "antd/locale/es_ES";
import { StyleProvider, createCache, extractStyle } from "@ant-design/cssinjs";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { I18nextProvider } from "react-i18next";
import { theme } from "../app/theme";
import "../app/catalogues";
import { i18n } from "../lib/i18n";
import { LoginPage } from "../features/auth";
import { signedInRedirectScript } from "../features/session";
import { FullPageLoader } from "../components/full-page-loader";

/** The login page's markup, the loader a signed-in visitor sees in its place while the portal opens the
 * panel, the `<style>` elements their Ant Design components need, and the page's first script (which
 * tells the two visitors apart before anything paints). */
export function renderLoginShell(): { html: string; loader: string; styles: string; headScript: string } {
  const cache = createCache();
  const render = (page: ReactNode) =>
    renderToString(
      <StyleProvider cache={cache}>
        <I18nextProvider i18n={i18n}>
          <ConfigProvider theme={theme} locale={esES}>
            {page}
          </ConfigProvider>
        </I18nextProvider>
      </StyleProvider>,
    );
  const html = render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={["/v3/login"]}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  // The same loader the portal shows while its first screen loads (router.tsx), so the two join up.
  const loader = render(<FullPageLoader label={i18n.t("common.loading")} />);
  return { html, loader, styles: extractStyle(cache), headScript: signedInRedirectScript() };
}

