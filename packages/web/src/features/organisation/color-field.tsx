import type { ReactNode } from "react";
import { ColorPicker, Form } from "antd";
import type { Color } from "antd/es/color-picker";
import { useTranslation } from "react-i18next";

/** Colours offered first: the theme's and Ant Design's main ones. */
const PRESET = ["#f54286", "#f5222d", "#fa8c16", "#fadb14", "#52c41a", "#13c2c2", "#1677ff", "#722ed1", "#595b6b"];

/** The colour of a team or tag, kept in the form as #rrggbb. */
export function ColorField({ testId }: { testId: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Form.Item name="color" label={t("organisation.common.color")} getValueFromEvent={(color: Color) => color.toHexString()}>
      <ColorPicker showText disabledAlpha presets={[{ label: t("organisation.common.color"), colors: PRESET }]} data-testid={testId} aria-label={t("organisation.common.color")} />
    </Form.Item>
  );
}

/** A small dot of a record's colour. */
export function Swatch({ color }: { color: string }): ReactNode {
  return <span className="org-swatch" style={{ background: color }} aria-hidden />;
}
