import { useState, type ReactNode } from "react";
import { Button, Input, Popover } from "antd";
import { SearchOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { SEARCH_MAX_LENGTH } from "@atalaya/shared";
import { useClearable } from "../../components/use-clearable";

/** The header's search: an icon button that opens a box; Enter goes to `/v3/search?q=`. */
export function HeaderSearch(): ReactNode {
  const { t } = useTranslation();
  const clearable = useClearable();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");

  const submit = (value: string): void => {
    const q = value.trim();
    if (!q) return;
    setOpen(false);
    void navigate(`/v3/search?q=${encodeURIComponent(q)}`);
  };

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottom"
      destroyOnHidden
      content={
        <Input.Search
          autoFocus
          allowClear={clearable}
          style={{ width: "min(320px, calc(100vw - 56px))" }}
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={t("search.placeholder")}
          aria-label={t("search.label")}
          enterButton={<SearchOutlined aria-label={t("search.submit")} />}
          onChange={(event) => setText(event.target.value)}
          onSearch={submit}
          data-testid="header-search-input"
        />
      }
    >
      <Button type="text" icon={<SearchOutlined />} aria-label={t("search.open")} data-testid="header-search" />
    </Popover>
  );
}
