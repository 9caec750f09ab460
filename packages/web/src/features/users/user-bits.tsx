import type { ReactNode } from "react";
import { Avatar, Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { CompanyUser, RoleName } from "@atalaya/shared";
import { ROLE_NAME_KEYS } from "../../lib/role-keys";
import { displayName } from "./user-form";

const ROLE_COLORS: Partial<Record<RoleName, string>> = { Admin: "magenta", Root: "purple", Patrol: "blue", Operator: "default" };

/** The SPEC §6 role name of a member (Root for an account with several groups). */
export function RoleTag({ user }: { user: Pick<CompanyUser, "roleName"> }): ReactNode {
  const { t } = useTranslation();
  return (
    <Tag color={ROLE_COLORS[user.roleName]} data-testid="user-role-name">
      {t(`roles.${ROLE_NAME_KEYS[user.roleName]}`)}
    </Tag>
  );
}

/** The member's cover photo, else their Gravatar (computed by the API from the e-mail's hash). */
export function UserAvatar({ user, size }: { user: Pick<CompanyUser, "cover" | "gravatar" | "first_name" | "last_name" | "email">; size: number }): ReactNode {
  const { t } = useTranslation();
  const name = displayName(user);
  return <Avatar size={size} src={user.cover ?? user.gravatar} alt={t("users.view.account.picture", { name })} className="users-avatar" />;
}
