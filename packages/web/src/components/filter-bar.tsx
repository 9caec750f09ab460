import type { ReactNode } from "react";
import { Button, Form, Select } from "antd";
import { ClearOutlined } from "@ant-design/icons";
import { useClearable } from "./use-clearable";

/**
 * A screen's filter bar: a vertical form named for assistive technology (`label`), its fields side by
 * side as the screen's style sheet (`className`) lays them out. `onSubmit` for a bar applied on submit;
 * a bar that applies each change at once leaves it out.
 */
export function FilterBar({
  label,
  className,
  testId,
  onSubmit,
  children,
}: {
  label: string;
  className: string;
  testId?: string;
  onSubmit?: () => void;
  children: ReactNode;
}): ReactNode {
  return (
    <Form layout="vertical" className={className} onFinish={onSubmit} aria-label={label} data-testid={testId}>
      {children}
    </Form>
  );
}

/** A filter of several values: its label and a multiple select (clear button named in the reader's
 * language, as many tags as fit), searchable by the options' labels when `search`. */
export function FilterMultiSelect<V extends string | number>({
  label,
  id,
  className,
  value,
  options,
  placeholder,
  onChange,
  search = false,
  loading,
  testId,
}: {
  label: string;
  /** The select's id, which the label names. */
  id: string;
  /** The field's class (its place in the bar). */
  className?: string;
  value: V[];
  options: { value: V; label: string }[];
  placeholder?: string;
  onChange: (next: V[]) => void;
  search?: boolean;
  loading?: boolean;
  testId?: string;
}): ReactNode {
  const clearable = useClearable();
  return (
    <Form.Item label={label} htmlFor={id} className={className}>
      <Select<V[], { value: V; label: string }>
        id={id}
        mode="multiple"
        allowClear={clearable}
        maxTagCount="responsive"
        loading={loading}
        value={value}
        placeholder={placeholder}
        showSearch={search ? { optionFilterProp: "label" } : undefined}
        options={options}
        onChange={(next) => onChange(next)}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** The bar's button that clears every filter. */
export function FilterClearButton({ onClick, testId, children }: { onClick: () => void; testId?: string; children: ReactNode }): ReactNode {
  return (
    <Button icon={<ClearOutlined />} onClick={onClick} data-testid={testId}>
      {children}
    </Button>
  );
}
