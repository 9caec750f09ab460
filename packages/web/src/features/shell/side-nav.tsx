import type { ReactNode } from "react";
import { Layout, Menu } from "antd";
import { LogoutOutlined, NotificationOutlined, ThunderboltOutlined, UserDeleteOutlined } from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { PORTAL_VERSION } from "@atalaya/shared";
import { BrandLogo } from "../../components/brand-logo";

/** Width of the side navigation, open and collapsed. */
export const SIDER_WIDTH = 236;
export const SIDER_COLLAPSED_WIDTH = 76;

/** Side navigation: the screens that exist, log out, and the version label. */
export function SideNav({ collapsed, onLogout }: { collapsed: boolean; onLogout: () => void }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const selected = ["/v3/events", "/v3/answers", "/v3/reported-users"].filter((key) => pathname.startsWith(key));

  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      trigger={null}
      width={SIDER_WIDTH}
      collapsedWidth={SIDER_COLLAPSED_WIDTH}
      className="side-nav"
      data-testid="side-nav"
    >
      <div className="side-nav__inner">
        <div className={`side-nav__brand${collapsed ? " side-nav__brand--collapsed" : ""}`}>
          <BrandLogo size={34} inverse showName={!collapsed} />
        </div>
        <nav aria-label={t("nav.mainMenu")} className="side-nav__menu">
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected}
            onClick={({ key }) => navigate(key)}
            items={[
              { key: "/v3/events", icon: <NotificationOutlined />, label: t("nav.events") },
              { key: "/v3/answers", icon: <ThunderboltOutlined />, label: t("nav.answers"), "data-testid": "nav-answers" },
              { key: "/v3/reported-users", icon: <UserDeleteOutlined />, label: t("nav.reportedUsers"), "data-testid": "nav-reported-users" },
            ]}
          />
        </nav>
        <div className="side-nav__bottom">
          <Menu
            theme="dark"
            mode="inline"
            selectable={false}
            onClick={onLogout}
            items={[{ key: "logout", icon: <LogoutOutlined />, label: t("nav.logout"), danger: false }]}
          />
          <div className="side-nav__version" data-testid="portal-version">
            {collapsed ? PORTAL_VERSION : t("common.version", { version: PORTAL_VERSION })}
          </div>
        </div>
      </div>
    </Layout.Sider>
  );
}
