import type { ReactNode } from "react";
import { Button, Flex, Result } from "antd";
import { HomeOutlined } from "@ant-design/icons";
import { useNavigate } from "react-router";
import { useTranslation } from "react-i18next";
import { BrandLogo } from "../../components/brand-logo";

type Kind = "notFound" | "notAuth" | "fallback";

const STATUS: Record<Kind, "404" | "403"> = { notFound: "404", notAuth: "403", fallback: "404" };

/** The 404 / 403 / unknown-route result with its back-to-home button, without page chrome; `heading`:
 * its title is the page's h1 (a screen of its own, where nothing else heads the page). */
export function StatusResult({ kind, heading = false }: { kind: Kind; heading?: boolean }): ReactNode {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={STATUS[kind]}
      title={heading ? <h1 style={{ font: "inherit", color: "inherit", margin: 0 }}>{t(`statusPages.${kind}Title`)}</h1> : t(`statusPages.${kind}Title`)}
      subTitle={t(`statusPages.${kind}`)}
      data-testid={`status-${kind}`}
      extra={
        <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate("/")}>
          {t("common.backHome")}
        </Button>
      }
    />
  );
}

function StatusScreen({ kind }: { kind: Kind }): ReactNode {
  return (
    <Flex vertical align="center" justify="center" className="status-screen">
      <BrandLogo size={36} />
      <div className="status-screen__card">
        <StatusResult kind={kind} heading />
      </div>
    </Flex>
  );
}

/** `/notFound`: 404 with back-to-home. */
export function NotFoundPage(): ReactNode {
  return <StatusScreen kind="notFound" />;
}

/** `/notAuth`: 403 with the SPEC §8 text and back-to-home. */
export function NotAuthPage(): ReactNode {
  return <StatusScreen kind="notAuth" />;
}

/** Any unknown path outside the portal. */
export function FallbackPage(): ReactNode {
  return <StatusScreen kind="fallback" />;
}
