import { useCallback, useEffect, useState, type ReactNode } from "react";
import { Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AlarmPlayer } from "./alarm-player";
import { useAudioAvailability } from "./use-audio-availability";
import { AudioSettingsPanel } from "./audio-settings-panel";
import { useAlarmSettings } from "./use-alarm-settings";
import "./alarm.css";

/** `/v3/sounds` (the menu's Sounds): the new-report alarm's settings on a page of their own, the same
 * ones as the header's popover (a change here applies to the running alarm at once). */
export function SoundsPage(): ReactNode {
  const { t } = useTranslation();
  const [settings, update] = useAlarmSettings();
  const [player] = useState(() => new AlarmPlayer());
  const availability = useAudioAvailability(player);
  useEffect(() => {
    player.init();
    return () => player.close();
  }, [player]);
  const { sound, volume } = settings;
  const enable = useCallback(() => void player.resume().then((running) => running && player.play(sound, volume)), [player, sound, volume]);

  return (
    <div className="page sounds-page" data-testid="sounds-page">
      <header>
        <Typography.Title level={1} className="sounds-page__title">
          {t("alarm.pageTitle")}
        </Typography.Title>
        <Typography.Text type="secondary">{t("alarm.pageSubtitle")}</Typography.Text>
      </header>
      <section className="sounds-page__card" aria-label={t("alarm.settings")}>
        <AudioSettingsPanel settings={settings} onChange={update} availability={availability} onEnable={enable} onTest={() => player.play(sound, volume)} />
      </section>
    </div>
  );
}
