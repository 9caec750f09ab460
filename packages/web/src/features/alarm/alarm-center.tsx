import { Suspense, lazy, type ReactNode } from "react";
import { Badge, Button, Flex, Popover, Spin, Tooltip } from "antd";
import { MutedOutlined, SoundOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { useAlarm } from "./alarm-provider";
import "./alarm.css";

// The settings' radio, slider and switches load when the popover first opens, not with every page.
const loadSettingsPanel = () => import("./audio-settings-panel");
const AudioSettingsPanel = lazy(() => loadSettingsPanel().then((m) => ({ default: m.AudioSettingsPanel })));

/**
 * The alarm's header controls: "Activar sonido" when the browser blocks audio, and the audio settings
 * button (ringing while unacknowledged, with the unseen count) and its popover.
 */
export function AlarmCenter(): ReactNode {
  const { t } = useTranslation();
  const { state, settings, updateSettings, player, availability, enableSound } = useAlarm();
  const { sound, volume } = settings;
  const muted = settings.mute || settings.volume === 0;
  return (
    <Flex align="center" gap={8} className="alarm-center">
      {availability === "suspended" && !settings.mute && (
        <Button
          type="primary"
          danger
          size="small"
          icon={<SoundOutlined />}
          onClick={enableSound}
          className="alarm-center__enable"
          aria-label={t("alarm.enableSound")}
          data-testid="enable-sound"
        >
          <span className="alarm-center__enable-label">{t("alarm.enableSound")}</span>
        </Button>
      )}
      <Popover
        trigger="click"
        placement="bottomRight"
        title={t("alarm.settings")}
        content={
          <Suspense fallback={<Spin size="small" />}>
            <AudioSettingsPanel
              settings={settings}
              onChange={updateSettings}
              availability={availability}
              onEnable={enableSound}
              onTest={() => player.play(sound, volume)}
            />
          </Suspense>
        }
      >
        <Tooltip title={t("alarm.openSettings")}>
          <Badge count={state.unseen} size="small" offset={[-4, 4]}>
            <Button
              type="text"
              icon={muted ? <MutedOutlined /> : <SoundOutlined />}
              aria-label={t("alarm.openSettings")}
              className={`alarm-center__button${state.ringing ? " alarm-center__button--ringing" : ""}`}
              data-testid="alarm-settings-button"
              // Fetched as the pointer or focus arrives, so the popover opens with its controls.
              onPointerEnter={() => void loadSettingsPanel()}
              onFocus={() => void loadSettingsPanel()}
              data-muted={muted}
            />
          </Badge>
        </Tooltip>
      </Popover>
    </Flex>
  );
}
