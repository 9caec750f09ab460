import { lazy, Suspense, useState, type ReactNode } from "react";
import { Button, Tooltip } from "antd";
import { CarOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useSettings, companyRoleOf } from "../settings";
import { mayLookUpPlates } from "./plate-access";

// The dialog's code loads the first time it is opened.
const PlateSearchDialog = lazy(async () => ({ default: (await import("./plate-search-dialog")).PlateSearchDialog }));

/** The header's plate search (SPEC §2): an icon button opening the plate search dialog, for the
 * company's operators and admins. */
export function HeaderPlateSearch(): ReactNode {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [open, setOpen] = useState(false);
  if (!mayLookUpPlates(companyRoleOf(settings))) return null;
  return (
    <>
      <Tooltip title={t("plates.open")}>
        <Button type="text" icon={<CarOutlined />} aria-label={t("plates.open")} onClick={() => setOpen(true)} data-testid="plate-search-open" />
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <PlateSearchDialog open={open} onClose={() => setOpen(false)} companyId={settings.company.id} />
        </Suspense>
      )}
    </>
  );
}
