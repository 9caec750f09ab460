import { useEffect, useRef, type ReactNode } from "react";
import { NewReportAlert } from "../../features/alarm";
import { PushPrompt } from "../../features/push";

/** The CSS variable holding the banner area's height, for screens sized to the window (the events panel). */
const HEIGHT_VARIABLE = "--app-banners-height";

/**
 * What the shell tells the operator above every screen — the new-report alarm, the browser notifications
 * offer — in a strip of the page's flow that stays under the header: it pushes the screen down rather
 * than covering its controls. Its height is published as `--app-banners-height` so a screen that fills
 * the window subtracts it instead of scrolling.
 */
export function ShellBanners(): ReactNode {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = area.current;
    if (!element) return undefined;
    const root = document.documentElement.style;
    const publish = (): void => root.setProperty(HEIGHT_VARIABLE, `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(HEIGHT_VARIABLE);
    };
  }, []);
  return (
    <div ref={area} className="app-banners" data-testid="app-banners">
      <NewReportAlert />
      <PushPrompt />
    </div>
  );
}
