import type { ReactNode } from "react";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import type { ActivityState } from "@atalaya/shared";

// SPEC §4 activity states: a colour each (activities.css, dark enough for AA contrast on its tint),
// with the word (colour is never the only sign).

/** An activity state as a coloured tag. */
export function StateTag({ state }: { state: ActivityState }): ReactNode {
  const { t } = useTranslation();
  return (
    <Tag className={`activities-state activities-state--${state}`} data-state={state}>
      {t(`activities.states.${state}`)}
    </Tag>
  );
}
