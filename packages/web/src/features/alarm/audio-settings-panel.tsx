import type { ReactNode } from "react";
import { Button, Divider, Flex, Radio, Slider, Switch, Typography } from "antd";
import { PlayCircleOutlined, SoundOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import type { AudioAvailability } from "./alarm-player";
import { ALARM_SOUNDS, type AlarmSettings } from "./alarm-settings";

/** The alarm's sound, volume, loop and mute, the test button and the browser's audio state (the header's
 * popover and the sounds screen). */
export function AudioSettingsPanel({
  settings,
  onChange,
  availability,
  onEnable,
  onTest,
}: {
  settings: AlarmSettings;
  onChange: (patch: Partial<AlarmSettings>) => void;
  availability: AudioAvailability;
  onEnable: () => void;
  onTest: () => void;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <div className="alarm-settings" data-testid="alarm-settings">
      <div className="alarm-settings__row">
        <Typography.Text strong>{t("alarm.sound")}</Typography.Text>
        <Radio.Group
          size="small"
          optionType="button"
          buttonStyle="solid"
          value={settings.sound}
          onChange={(event) => onChange({ sound: event.target.value as AlarmSettings["sound"] })}
          options={ALARM_SOUNDS.map((sound) => ({ value: sound, label: t(`alarm.sounds.${sound}`) }))}
          data-testid="alarm-sound"
        />
      </div>
      <div className="alarm-settings__row alarm-settings__row--stack">
        <Flex justify="space-between">
          <Typography.Text strong>{t("alarm.volume")}</Typography.Text>
          <Typography.Text type="secondary">{Math.round(settings.volume * 100)} %</Typography.Text>
        </Flex>
        <Slider
          min={0}
          max={100}
          step={5}
          value={Math.round(settings.volume * 100)}
          onChange={(value) => onChange({ volume: value / 100 })}
          tooltip={{ formatter: (value) => `${value ?? 0} %` }}
          aria-label={t("alarm.volume")}
          ariaLabelForHandle={t("alarm.volume")}
          data-testid="alarm-volume"
        />
      </div>
      <div className="alarm-settings__row">
        <Typography.Text>{t("alarm.loop")}</Typography.Text>
        <Switch size="small" checked={settings.loop} onChange={(loop) => onChange({ loop })} aria-label={t("alarm.loop")} data-testid="alarm-loop" />
      </div>
      <div className="alarm-settings__row">
        <Typography.Text>{t("alarm.mute")}</Typography.Text>
        <Switch size="small" checked={settings.mute} onChange={(mute) => onChange({ mute })} aria-label={t("alarm.mute")} data-testid="alarm-mute" />
      </div>
      <Divider className="alarm-settings__divider" />
      {availability === "suspended" && (
        <Flex vertical gap={8} className="alarm-settings__blocked">
          <Typography.Text type="warning">{t("alarm.blocked")}</Typography.Text>
          <Button type="primary" danger icon={<SoundOutlined />} onClick={onEnable} block>
            {t("alarm.enableSound")}
          </Button>
        </Flex>
      )}
      {availability === "unavailable" && <Typography.Text type="secondary">{t("alarm.unavailable")}</Typography.Text>}
      {availability === "running" && (
        <Button icon={<PlayCircleOutlined />} onClick={onTest} block data-testid="alarm-test">
          {t("alarm.test")}
        </Button>
      )}
      <Typography.Paragraph type="secondary" className="alarm-settings__note">
        {t("alarm.savedToProfile")}
      </Typography.Paragraph>
    </div>
  );
}
