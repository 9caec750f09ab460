import type { ReactNode } from "react";
import { Alert, Button, Empty, Listy, Skeleton, Typography } from "antd";
import { useToast } from "../../../lib/use-toast";
import { BellFilled, BellOutlined, TeamOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Person, Report } from "@atalaya/shared";
import { actionErrorMessage } from "./action-errors";
import { detailKeys, fetchFollowers, setFollowing } from "./detail-api";
import { PersonAvatar } from "./detail-ui";

/** Follow or unfollow the report, and who follows it (operators, and how many community users). */
export function FollowersPanel({ report, companyId, myUserId }: { report: Report; companyId: number; myUserId: number }): ReactNode {
  const { t } = useTranslation();
  const message = useToast();
  const queryClient = useQueryClient();
  const key = detailKeys.sub(companyId, report.id, "followers");
  const followers = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchFollowers(companyId, report.id, signal) });
  const following = followers.data?.following ?? report.userFollowerIds.includes(myUserId);

  const toggle = useMutation({
    mutationFn: (follow: boolean) => setFollowing(companyId, report.id, follow),
    onSuccess: (result) => {
      queryClient.setQueryData(key, result);
      void queryClient.invalidateQueries({ queryKey: detailKeys.sub(companyId, report.id, "activity") });
    },
    onError: (error) => void message.error(actionErrorMessage(error, "follow", t)),
  });

  return (
    <div className="rd-panel" data-testid="followers-panel">
      <div className="rd-follow">
        <div>
          <strong>{following ? t("reportDetail.followers.following") : t("reportDetail.followers.notFollowing")}</strong>
          <Typography.Paragraph type="secondary" className="rd-follow__hint">
            {t("reportDetail.followers.hint")}
          </Typography.Paragraph>
        </div>
        <Button
          type={following ? "default" : "primary"}
          icon={following ? <BellFilled /> : <BellOutlined />}
          loading={toggle.isPending}
          onClick={() => toggle.mutate(!following)}
          data-testid="follow-button"
          data-following={following}
        >
          {following ? t("reportDetail.followers.unfollow") : t("reportDetail.followers.follow")}
        </Button>
      </div>

      {followers.isPending ? (
        <Skeleton active avatar paragraph={{ rows: 1 }} />
      ) : followers.isError ? (
        <Alert type="error" showIcon title={actionErrorMessage(followers.error, "load", t)} />
      ) : (
        <>
          {followers.data.followers.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("reportDetail.followers.empty")} />
          ) : (
            <Listy<Person>
              items={followers.data.followers}
              rowKey="id"
              virtual={false}
              itemRender={(person) => (
                <div className="rd-follower" data-testid="follower">
                  <PersonAvatar name={person.name} size={28} />
                  <span className="rd-follower__name">
                    {person.name} {person.id === myUserId && <span className="rd-muted">({t("reportDetail.followers.you")})</span>}
                  </span>
                  {person.email && <span className="rd-muted rd-follower__email">{person.email}</span>}
                </div>
              )}
            />
          )}
          {followers.data.communityFollowers > 0 && (
            <Typography.Text type="secondary" className="rd-follow__community">
              <TeamOutlined /> {t("reportDetail.followers.community", { count: followers.data.communityFollowers })}
            </Typography.Text>
          )}
        </>
      )}
    </div>
  );
}
