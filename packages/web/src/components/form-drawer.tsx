import type { Key, ReactNode } from "react";
import { Button, Drawer, Form, type DrawerProps, type FormInstance, type FormProps } from "antd";
import { useTranslation } from "react-i18next";

export interface FormDrawerProps<Values extends object> {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** The drawer's width in pixels (antd `size`). */
  size: DrawerProps["size"];
  /** The drawer's data-testid. */
  testId: string;
  form: FormInstance<Values>;
  initialValues?: Partial<Values>;
  /** Called with the values once the form's own rules pass (Save, or Enter when `submitOnEnter`). */
  onFinish: (values: Values) => void;
  /** Saving: the form is disabled and the save button spins. */
  pending: boolean;
  /** The save button's text; the common "Save" (`common.save`) unless given. */
  saveLabel?: ReactNode;
  /** The save button's data-testid; `${testId}-save` unless given. */
  saveTestId?: string;
  /** The cancel button's text; the common "Cancel" (`common.cancel`) unless given. */
  cancelLabel?: ReactNode;
  /** More footer content before Cancel (a delete button, a secondary action). */
  footerExtra?: ReactNode;
  /** A hidden submit button so Enter in a field submits (default). Off where Enter belongs to a field
   * (a time picker or an autocomplete confirms with Enter, and would save the half-filled form). */
  submitOnEnter?: boolean;
  /** Remounts the form (and so applies `initialValues` again) when it changes, e.g. the edited record's id. */
  formKey?: Key;
  /** Any other antd Form props (onValuesChange, requiredMark, className…). */
  formProps?: Omit<FormProps<Values>, "form" | "initialValues" | "onFinish" | "layout" | "disabled" | "children">;
  /** The form items. */
  children: ReactNode;
}

/** The portal's create/edit drawer: a vertical antd Form in a Drawer whose footer holds Cancel and Save
 * (Save submits the form, so its rules run first; the form is disabled while saving). One component so
 * every such drawer looks and behaves alike instead of repeating the shape in each feature. */
export function FormDrawer<Values extends object>({
  open,
  onClose,
  title,
  size,
  testId,
  form,
  initialValues,
  onFinish,
  pending,
  saveLabel,
  saveTestId = `${testId}-save`,
  cancelLabel,
  footerExtra,
  submitOnEnter = true,
  formKey,
  formProps,
  children,
}: FormDrawerProps<Values>): ReactNode {
  const { t } = useTranslation();
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={size}
      destroyOnHidden
      title={title}
      data-testid={testId}
      footer={
        <div className="screen-drawer__footer">
          {footerExtra}
          <Button onClick={onClose}>{cancelLabel ?? t("common.cancel")}</Button>
          <Button type="primary" loading={pending} onClick={() => form.submit()} data-testid={saveTestId}>
            {saveLabel ?? t("common.save")}
          </Button>
        </div>
      }
    >
      <Form<Values> key={formKey} {...formProps} form={form} initialValues={initialValues} layout="vertical" onFinish={onFinish} disabled={pending}>
        {children}
        {/* Enter in a field submits. */}
        {submitOnEnter && <button type="submit" hidden aria-hidden tabIndex={-1} />}
      </Form>
    </Drawer>
  );
}
