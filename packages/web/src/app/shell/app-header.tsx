import type { ReactNode } from "react";
import { Avatar, Button, Divider, Flex, Layout, Typography } from "antd";
import { MenuFoldOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { THEME_PRIMARY_STRONG } from "@atalaya/shared";
import { LanguageMenu } from "../../components/language-menu";
import { AlarmCenter } from "../../features/alarm";
import { ConnectionIndicator } from "../../features/realtime";
import { NotificationBell } from "../../features/notifications";
import { HeaderSearch } from "../../features/search";
import { HeaderPlateSearch } from "../../features/plates";
import { useSettings } from "../../features/settings";
import { CompanySelector } from "./company-selector";
import { roleLabelKey } from "./role-label";

/** Top bar: menu toggle, organisation, search, alarm, notifications, connection, language and the signed-in user. */
export function AppHeader({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const { user } = settings;
  const fullName = `${user.first_name} ${user.last_name}`.trim() || user.email;
  const role = roleLabelKey(settings);
  const roleText = "key" in role ? t(role.key) : role.raw;

  return (
    <Layout.Header className="app-header">
      <Flex align="center" gap={8} className="app-header__left" style={{ minWidth: 0 }}>
        <Button
          type="text"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={collapsed ? t("nav.expand") : t("nav.collapse")}
          aria-expanded={!collapsed}
          className="app-header__toggle"
          data-testid="sider-toggle"
        />
        <CompanySelector />
        <HeaderSearch />
      </Flex>
      <Flex align="center" gap={12} className="app-header__right">
        <HeaderPlateSearch />
        <AlarmCenter />
        <NotificationBell />
        <Divider orientation="vertical" />
        <ConnectionIndicator />
        <Divider orientation="vertical" />
        <LanguageMenu />
        <Divider orientation="vertical" />
        <Flex align="center" gap={10} data-testid="user-badge">
          {/* The initial as the avatar's icon, at the size of Ant Design's text avatars: as text, Ant Design
              measures it after every mount, forcing a layout of the whole screen as the shell opens. */}
          <Avatar
            src={user.cover ?? undefined}
            icon={(user.first_name[0] ?? user.email[0] ?? "?").toUpperCase()}
            style={{ background: THEME_PRIMARY_STRONG, flex: "none", fontSize: 14 }}
          />
          <div className="user-badge__text">
            <Typography.Text strong className="user-badge__name" data-testid="user-name">
              {fullName}
            </Typography.Text>
            <Typography.Text type="secondary" className="user-badge__role" data-testid="user-role">
              {roleText}
            </Typography.Text>
          </div>
        </Flex>
      </Flex>
    </Layout.Header>
  );
}
