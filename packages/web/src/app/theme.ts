import type { ThemeConfig } from "antd";
import { THEME_PRIMARY } from "@atalaya/shared";

/** Colours shared by the theme and the stylesheet (see `styles/global.css`). */
export const PALETTE = {
  siderBg: "#171a2b",
  siderItemHover: "#22263b",
  pageBg: "#f4f5fa",
  text: "#1f1f2e",
} as const;

/** Ant Design theme: the product's pink as primary colour, a dark side navigation and soft surfaces. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: THEME_PRIMARY,
    colorLink: THEME_PRIMARY,
    colorInfo: THEME_PRIMARY,
    colorTextBase: PALETTE.text,
    colorBgLayout: PALETTE.pageBg,
    borderRadius: 8,
    borderRadiusLG: 12,
    fontFamily:
      "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'Liberation Sans', Arial, sans-serif",
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
      darkItemSelectedBg: THEME_PRIMARY,
      darkItemHoverBg: PALETTE.siderItemHover,
      itemBorderRadius: 8,
      itemMarginInline: 12,
      itemHeight: 44,
    },
    Card: { headerFontSize: 16 },
  },
};
