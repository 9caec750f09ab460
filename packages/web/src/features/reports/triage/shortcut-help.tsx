import { Fragment, type ReactNode } from "react";
import { Modal, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { SHORTCUT_HELP } from "./shortcuts";

/** The `?` overlay: every shortcut of the panel and the detail with its keys, in the interface's language. */
export function ShortcutHelp({ open, onClose }: { open: boolean; onClose: () => void }): ReactNode {
  const { t } = useTranslation();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t("triage.help.title")} destroyOnHidden data-testid="shortcut-help">
      <Typography.Paragraph type="secondary">{t("triage.help.intro")}</Typography.Paragraph>
      <table className="shortcut-help" data-testid="shortcut-help-table">
        <thead>
          <tr>
            <th scope="col">{t("triage.help.keys")}</th>
            <th scope="col">{t("triage.help.action")}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUT_HELP.map(({ keys, action }) => (
            <tr key={action}>
              <td className="shortcut-help__keys">
                {keys.map((key, index) => (
                  <Fragment key={key}>
                    {index > 0 && <span className="shortcut-help__or"> {t("triage.help.or")} </span>}
                    <kbd>{key}</kbd>
                  </Fragment>
                ))}
              </td>
              <td>{t(`triage.help.actions.${action}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}
