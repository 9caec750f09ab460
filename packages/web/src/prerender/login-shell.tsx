// Rendered at build time (prerender.mjs), never shipped to the browser: the login page as HTML, with the
// Ant Design styles it needs, so `/v3/login` paints its form before the portal's JavaScript has arrived.
// The same LoginPage component the browser runs, with the same theme and Spanish texts, so the picture
// cannot drift from the page that replaces it.
import { renderToString } from "react-dom/server";
import { ConfigProvider } from "antd";
import esES from "antd/locale/es_ES";
import { StyleProvider, createCache, extractStyle } from "@ant-design/cssinjs";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { I18nextProvider } from "react-i18next";
import { theme } from "../app/theme";
import { i18n } from "../i18n/i18n";
import { LoginPage } from "../features/auth/login-page";

/** The login page's markup and the `<style>` elements its Ant Design components need. */
export function renderLoginShell(): { html: string; styles: string } {
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <I18nextProvider i18n={i18n}>
        <ConfigProvider theme={theme} locale={esES}>
          <QueryClientProvider client={new QueryClient()}>
            <MemoryRouter initialEntries={["/v3/login"]}>
              <LoginPage />
            </MemoryRouter>
          </QueryClientProvider>
        </ConfigProvider>
      </I18nextProvider>
    </StyleProvider>,
  );
  return { html, styles: extractStyle(cache) };
}
