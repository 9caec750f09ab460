import type { ReactNode } from "react";
import { Alert, Button } from "antd";
import { UserOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { usersRouteTable as users, type AppUserByPhone } from "@atalaya/shared";
import { call, queryKeyOf } from "../../../lib/call";

/** `GET /api/companies/{companyId}/app-users/by-phone?phone=`: the community user with that phone. */
async function fetchAppUserByPhone(companyId: number, phone: string, signal?: AbortSignal): Promise<AppUserByPhone | null> {
  return (await call(users.getCompaniesByCompanyIdAppUsersByPhone, { params: { companyId }, query: { phone }, signal })).user;
}

/** Under the caller's phone: when it is an app user's, offers to fill their name and e-mail; when the
 * lookup fails, the SPEC §8 retry message. Nothing while the phone is not a valid number. */
export function CallerLookup({ companyId, phone, onUse }: { companyId: number; phone: string | null; onUse: (user: AppUserByPhone) => void }): ReactNode {
  const { t } = useTranslation();
  const lookup = useQuery({
    queryKey: queryKeyOf(users.getCompaniesByCompanyIdAppUsersByPhone, { params: { companyId }, query: { phone: phone ?? "" } }),
    queryFn: ({ signal }) => fetchAppUserByPhone(companyId, phone!, signal),
    enabled: phone !== null,
    retry: false,
    staleTime: 60_000,
  });
  if (phone === null || lookup.isPending) return null;
  if (lookup.isError)
    return (
      <Alert
        type="warning"
        showIcon
        className="create-report__lookup"
        title={t("createReport.lookup.failed")}
        action={
          <Button size="small" onClick={() => void lookup.refetch()}>
            {t("common.retry")}
          </Button>
        }
        data-testid="caller-lookup-failed"
      />
    );
  const user = lookup.data;
  if (user === null) return null;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Alert
      type="info"
      showIcon
      icon={<UserOutlined />}
      className="create-report__lookup"
      title={t("createReport.lookup.found", { name })}
      description={user.email ?? undefined}
      action={
        <Button size="small" type="primary" onClick={() => onUse(user)} data-testid="caller-lookup-use">
          {t("createReport.lookup.use")}
        </Button>
      }
      data-testid="caller-lookup"
    />
  );
}
