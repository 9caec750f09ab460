import type { ReactNode } from "react";
import { Flex, Spin } from "antd";
import { BrandMark } from "./brand-logo";

/** Centred brand mark and spinner for whole-screen waits (settings, public links). */
export function FullPageLoader({ label }: { label: string }): ReactNode {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={20}
      style={{ minHeight: "100vh", background: "var(--atalaya-page-bg)" }}
      role="status"
      aria-live="polite"
      data-testid="page-loader"
    >
      <BrandMark size={56} />
      <Spin size="large" />
      <span className="atalaya-secondary">{label}</span>
    </Flex>
  );
}
