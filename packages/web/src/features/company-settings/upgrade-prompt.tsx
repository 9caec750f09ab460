import { Suspense, lazy, useCallback, useState, type ReactNode } from "react";
import { useSettings } from "../settings";
// A type alone: erased from the build, so the dialog's code still loads only when it opens.
import type { UpgradeStep } from "./upgrade-prompt-dialog";

// The dialog (a modal with a result) loads when a locked entry is first opened, not with every page.
const UpgradePrompt = lazy(() => import("./upgrade-prompt-dialog").then((m) => ({ default: m.UpgradePrompt })));

/**
 * The freemium upgrade prompt (SPEC §1): what a free organisation sees on an entry of a full-plan
 * feature (groups, geolocated messages). Its button sends `POST /api/app-companies/freemium/upgrade-request`,
 * then a confirmation is shown and accepting closes it. `open()` shows it; render `element` once.
 */
export function useUpgradePrompt(): { open: () => void; element: ReactNode } {
  const [step, setStep] = useState<UpgradeStep>("closed");
  const open = useCallback(() => setStep("offer"), []);
  const element =
    step === "closed" ? null : (
      <Suspense fallback={null}>
        <UpgradePrompt step={step} onStep={setStep} />
      </Suspense>
    );
  return { open, element };
}

/** True when the current organisation is on the free account. */
export function useIsFreemium(): boolean {
  return useSettings().settings.company.is_freemium;
}

