import type { CSSProperties, ReactNode } from "react";
import { THEME_PRIMARY } from "@atalaya/shared";

/** The Atalaya mark: a watchtower with signal arcs on the theme's pink. */
export function BrandMark({ size = 40, style }: { size?: number; style?: CSSProperties }): ReactNode {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-hidden="true" style={style}>
      <rect width="64" height="64" rx="16" fill={THEME_PRIMARY} />
      <path d="M24 53 28.5 31h7L40 53z" fill="#fff" />
      <rect x="22" y="22" width="20" height="9" rx="2" fill="#fff" />
      <path d="M19.5 22 32 12.5 44.5 22z" fill="#fff" />
      <circle cx="32" cy="26.5" r="2.2" fill={THEME_PRIMARY} />
      <path
        d="M13.5 19a21 21 0 0 1 8-8.5M50.5 19a21 21 0 0 0-8-8.5"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
    </svg>
  );
}

/** Mark plus the "Atalaya" wordmark; `inverse` for dark backgrounds. */
export function BrandLogo({
  size = 40,
  inverse = false,
  showName = true,
}: {
  size?: number;
  inverse?: boolean;
  showName?: boolean;
}): ReactNode {
  return (
    <span className="brand-logo" style={{ display: "inline-flex", alignItems: "center", gap: size / 4 }}>
      <BrandMark size={size} />
      {showName && (
        <span
          className="brand-logo__name"
          style={{ fontSize: size * 0.55, color: inverse ? "#fff" : "#1f1f2e" }}
        >
          Atalaya
        </span>
      )}
    </span>
  );
}
