import type { ReactNode } from "react";
import { Tag } from "antd";

/** A report tag in the organisation's own colour. The colour an admin picks can be anything (a pale yellow
 * as well as a dark blue), so it marks the border and a dot while the name keeps the text colour: the
 * label stays readable (WCAG 4.5:1) on any row, ticked or not. */
export function TagChip({ name, color, className }: { name: string; color?: string | null; className?: string }): ReactNode {
  return (
    <Tag variant="outlined" className={className ? `tag-chip ${className}` : "tag-chip"} style={color ? { borderColor: color } : undefined}>
      {color && <span className="tag-chip__dot" style={{ background: color }} aria-hidden="true" />}
      {name}
    </Tag>
  );
}
