import { useState, type ReactNode } from "react";
import { Avatar, Button, Flex, Popover, Spin, Typography } from "antd";
import { BankOutlined, CheckOutlined, DownOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { THEME_PRIMARY_STRONG } from "@atalaya/shared";
import { useSettings } from "../../features/settings";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? "")
    .join("");
}

/** Current organisation name; with several organisations, a popover to switch between them. */
export function CompanySelector(): ReactNode {
  const { t } = useTranslation();
  const { settings, switching, selectCompany } = useSettings();
  const [open, setOpen] = useState(false);
  const { company, user } = settings;

  if (user.companies.length <= 1) {
    return (
      <Flex align="center" gap={8} className="company-name" data-testid="company-name">
        <BankOutlined aria-hidden />
        <Typography.Text strong className="company-name__text">
          {company.name}
        </Typography.Text>
      </Flex>
    );
  }

  const content = (
    <ul className="company-list" aria-label={t("header.chooseCompany")} data-testid="company-list">
      {user.companies.map((entry) => {
        const current = entry.id === company.id;
        return (
          <li key={entry.id}>
            <button
              type="button"
              className={`company-list__item${current ? " company-list__item--current" : ""}`}
              aria-current={current ? "true" : undefined}
              onClick={() => {
                setOpen(false);
                if (!current) selectCompany(entry.id);
              }}
            >
              <Avatar shape="square" size={32} src={entry.cover ?? undefined} style={{ background: THEME_PRIMARY_STRONG, flex: "none" }}>
                {initials(entry.name)}
              </Avatar>
              <span className="company-list__name">{entry.name}</span>
              {current && <CheckOutlined className="company-list__check" aria-label={t("header.current")} />}
            </button>
          </li>
        );
      })}
    </ul>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomLeft"
      open={open}
      onOpenChange={setOpen}
      title={t("header.chooseCompany")}
      content={content}
    >
      <Button type="text" className="company-selector" data-testid="company-selector" title={t("header.switchCompany")}>
        {switching ? <Spin size="small" /> : <BankOutlined aria-hidden />}
        <Typography.Text strong className="company-selector__name">
          {company.name}
        </Typography.Text>
        <DownOutlined className="company-selector__caret" aria-hidden />
      </Button>
    </Popover>
  );
}
