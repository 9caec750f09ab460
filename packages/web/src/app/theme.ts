import type { ThemeConfig } from "antd";
import { THEME_PRIMARY_STRONG } from "@atalaya/shared";

/** Colours shared by the theme and the stylesheet (see `styles/global.css`). */
export const PALETTE = {
  siderBg: "#171a2b",
  siderItemHover: "#22263b",
  pageBg: "#f4f5fa",
  text: "#1f1f2e",
  textSecondary: "#595b6b",
  textMuted: "#6b6d7b",
} as const;

/** The class that holds the theme's CSS variables (see `theme.cssVar`). */
export const THEME_VARIABLES_KEY = "css-var-atalaya";

/** Ant Design theme: a dark side navigation and soft surfaces. The brand pink (THEME_PRIMARY) stays for
 * fills, accents and icons (logo, pins, zones); what carries text — primary buttons with white labels,
 * links, the selected menu entry — uses its darker shade so the text reaches 4.5:1. */
export const theme: ThemeConfig = {
  // One name for the theme's CSS variables wherever it is rendered. Ant Design otherwise names them after
  // React's useId, which differs between the build's render and the browser's (`_R_0_`, `_r_0_`): the
  // variables written into the pages at build time (prerender/signed-in-styles.tsx) would not be found,
  // and each component's would be made and injected again while the screen commits.
  cssVar: { key: THEME_VARIABLES_KEY },
  token: {
    colorPrimary: THEME_PRIMARY_STRONG,
    colorLink: THEME_PRIMARY_STRONG,
    // A hovered or pressed link darkens (Ant Design would lighten it below 4.5:1 under the pointer).
    colorLinkHover: "#99063f",
    colorLinkActive: "#99063f",
    colorInfo: THEME_PRIMARY_STRONG,
    colorTextBase: PALETTE.text,
    // Secondary texts, descriptions and placeholders at 4.5:1 or more on white and on the page
    // background (Ant Design's defaults are translucent greys of about 2.8:1).
    colorTextSecondary: PALETTE.textSecondary,
    colorTextDescription: PALETTE.textSecondary,
    colorTextTertiary: PALETTE.textMuted,
    colorTextQuaternary: PALETTE.textMuted,
    colorTextPlaceholder: PALETTE.textMuted,
    // Danger buttons carry white labels: the darker red reaches 5.6:1.
    colorError: "#cf1322",
    colorBgLayout: PALETTE.pageBg,
    borderRadius: 8,
    borderRadiusLG: 12,
    // The stack is written once, in styles/global.css, which sets it on <body> for the texts outside
    // Ant Design's components (the login page, visitor and public pages).
    fontFamily: "var(--atalaya-font)",
  },
  components: {
    Layout: {
      siderBg: PALETTE.siderBg,
      headerBg: "#ffffff",
      headerHeight: 64,
      headerPadding: "0 24px",
      bodyBg: PALETTE.pageBg,
    },
    Menu: {
      darkItemBg: PALETTE.siderBg,
      darkSubMenuItemBg: PALETTE.siderBg,
      darkItemSelectedBg: THEME_PRIMARY_STRONG,
      darkItemHoverBg: PALETTE.siderItemHover,
      itemBorderRadius: 8,
      itemMarginInline: 12,
      itemHeight: 44,
    },
    Card: { headerFontSize: 16 },
  },
};
