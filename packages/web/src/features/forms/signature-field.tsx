import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import type SignaturePad from "signature_pad";

interface SignatureFieldProps {
  id: string;
  label: string;
  value: string | undefined;
  disabled?: boolean | undefined;
  invalid?: boolean | undefined;
  describedBy?: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** A signature drawn with the pointer on a canvas (signature_pad, loaded with the first signature
 * field), kept as a PNG data URL; "Clear" starts over. */
export function SignatureField({ id, label, value, disabled, invalid, describedBy, onChange }: SignatureFieldProps): ReactNode {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let cancelled = false;
    const element = canvas.current;
    if (!element) return;
    void import("signature_pad").then(({ default: Pad }) => {
      if (cancelled) return;
      // The canvas draws at the screen's pixel density, so the stroke is sharp.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext("2d")?.scale(ratio, ratio);
      const p = new Pad(element, { penColor: "#1f1f1f", backgroundColor: "rgba(255,255,255,0)" });
      if (value) void p.fromDataURL(value, { ratio });
      p.addEventListener("endStroke", () => changed.current(p.isEmpty() ? undefined : p.toDataURL("image/png")));
      pad.current = p;
      setReady(true);
    });
    return () => {
      cancelled = true;
      pad.current?.off();
      pad.current = null;
    };
    // The pad is built once per canvas; later values come from its own strokes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!pad.current) return;
    if (disabled) pad.current.off();
    else pad.current.on();
  }, [disabled, ready]);

  return (
    <div className={`form-signature${invalid ? " form-signature-invalid" : ""}`}>
      <canvas id={id} ref={canvas} className="form-signature-canvas" role="img" aria-label={label} aria-describedby={describedBy} data-testid={`signature-${id}`} data-signed={value ? "true" : "false"} />
      <Button
        size="small"
        disabled={disabled || !value}
        onClick={() => {
          pad.current?.clear();
          onChange(undefined);
        }}
      >
        {t("forms.renderer.clearSignature")}
      </Button>
    </div>
  );
}
