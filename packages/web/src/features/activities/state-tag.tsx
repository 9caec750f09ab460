import type { ReactNode } from "react";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { ActivityState } from "@atalaya/shared";

// SPEC §4 activity states: a colour each, with the word (colour is never the only sign).
const COLORS: Record<ActivityState, string> = { completed: "success", inProgress: "processing", pending: "default", overdue: "error" };

/** An activity state as a coloured tag. */
export function StateTag({ state }: { state: ActivityState }): ReactNode {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[state]} className="activities-state" data-state={state}>
      {t(`activities.states.${state}`)}
    </Tag>
  );
}
