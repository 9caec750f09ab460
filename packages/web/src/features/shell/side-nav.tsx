import type { ReactNode } from "react";
import { Layout, Menu } from "antd";
import {
  BarChartOutlined,
  CarOutlined,
  ClockCircleOutlined,
  ApartmentOutlined,
  LockOutlined,
  SettingOutlined,
  EnvironmentOutlined,
  FieldTimeOutlined,
  GatewayOutlined,
  HistoryOutlined,
  LogoutOutlined,
  NotificationOutlined,
  ThunderboltOutlined,
  UserDeleteOutlined,
} from "@ant-design/icons";
import { useLocation, useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { PORTAL_VERSION, isAdminGroup } from "@atalaya/shared";
import { BrandLogo } from "../../components/brand-logo";
import { useUpgradePrompt } from "../company-settings";
import { useSettings } from "../settings/settings-context";

/** Width of the side navigation, open and collapsed. */
export const SIDER_WIDTH = 236;
export const SIDER_COLLAPSED_WIDTH = 76;

/** Side navigation: the screens that exist, log out, and the version label. On wide screens a sider
 * (open or collapsed to icons); on phones the same content in an overlay drawer (`drawer`), which
 * `onNavigate` closes when a screen is chosen. */
export function SideNav({
  collapsed,
  onLogout,
  drawer = false,
  onNavigate,
}: {
  collapsed: boolean;
  onLogout: () => void;
  drawer?: boolean;
  onNavigate?: () => void;
}): ReactNode {
  const content = <SideNavContent collapsed={drawer ? false : collapsed} onLogout={onLogout} onNavigate={onNavigate} />;
  if (drawer) return content;
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
      {content}
    </Layout.Sider>
  );
}

function SideNavContent({ collapsed, onLogout, onNavigate }: { collapsed: boolean; onLogout: () => void; onNavigate?: () => void }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { settings } = useSettings();
  const upgrade = useUpgradePrompt();
  const selected = ["/v3/events", "/v3/dashboard", "/v3/shifts", "/v3/history", "/v3/activity", "/v3/answers", "/v3/reported-users", "/v3/maps", "/v3/patrols", "/v3/zones", "/v3/settings", "/v3/companies"].filter((key) => pathname.startsWith(key));
  // A free organisation sees the full-plan entries (groups, geolocated messages) with a lock: they open
  // the upgrade prompt instead of a screen (SPEC §1).
  const freemium = settings.company.is_freemium;
  const LOCKED = new Set(["upgrade:teams", "upgrade:messages"]);

  return (
    <>
      <div className="side-nav__inner">
        <div className={`side-nav__brand${collapsed ? " side-nav__brand--collapsed" : ""}`}>
          <BrandLogo size={34} inverse showName={!collapsed} />
        </div>
        <nav aria-label={t("nav.mainMenu")} className="side-nav__menu">
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected}
            onClick={({ key }) => {
              if (LOCKED.has(key)) {
                upgrade.open();
                return;
              }
              onNavigate?.();
              void navigate(key);
            }}
            items={[
              { key: "/v3/events", icon: <NotificationOutlined />, label: t("nav.events") },
              { key: "/v3/dashboard", icon: <BarChartOutlined />, label: t("nav.dashboard"), "data-testid": "nav-dashboard" },
              { key: "/v3/history", icon: <HistoryOutlined />, label: t("nav.history"), "data-testid": "nav-history" },
              { key: "/v3/activity", icon: <FieldTimeOutlined />, label: t("nav.activity"), "data-testid": "nav-activity" },
              { key: "/v3/answers", icon: <ThunderboltOutlined />, label: t("nav.answers"), "data-testid": "nav-answers" },
              { key: "/v3/reported-users", icon: <UserDeleteOutlined />, label: t("nav.reportedUsers"), "data-testid": "nav-reported-users" },
              { key: "/v3/maps", icon: <EnvironmentOutlined />, label: t("nav.maps"), "data-testid": "nav-maps" },
              { key: "/v3/patrols", icon: <CarOutlined />, label: t("nav.patrols"), "data-testid": "nav-patrols" },
              { key: "/v3/zones", icon: <GatewayOutlined />, label: t("nav.zones"), "data-testid": "nav-zones" },
              { key: "/v3/shifts", icon: <ClockCircleOutlined />, label: t("nav.shifts"), "data-testid": "nav-shifts" },
              ...(freemium
                ? [
                    { key: "upgrade:teams", icon: <LockOutlined />, label: t("nav.teamsLocked"), "data-testid": "nav-teams-locked" },
                    { key: "upgrade:messages", icon: <LockOutlined />, label: t("nav.messagesLocked"), "data-testid": "nav-messages-locked" },
                  ]
                : []),
              { key: "/v3/settings", icon: <SettingOutlined />, label: t("nav.settings"), "data-testid": "nav-settings" },
              ...(isAdminGroup(settings.user.groups)
                ? [{ key: "/v3/companies", icon: <ApartmentOutlined />, label: t("nav.companies"), "data-testid": "nav-companies" }]
                : []),
            ]}
          />
        </nav>
        {upgrade.element}
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
    </>
  );
}
