import { App } from "antd";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CompanyUser } from "@atalaya/shared";
import { useToast } from "../../lib/use-toast";
import { isApiError } from "../../lib/api";
import { displayName } from "./user-form";
import { removeUser, setUserLocked, userKeys } from "./users-api";

/** Lock, unlock, remove from the company and delete permanently, each after a confirmation; the lists
 * and the user's view refresh after each. `onGone` runs once a user left the company. */
export function useUserActions(companyId: number, onGone?: () => void): {
  confirmLock(user: CompanyUser, locked: boolean): void;
  confirmRemove(user: CompanyUser, permanent: boolean): void;
} {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const toast = useToast();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: userKeys.all(companyId) });
  // A refused action's own text (a 409's reason, a 403) when it has one; otherwise the SPEC §8 retry text.
  const failure = (error: unknown, retry: string) => (isApiError(error) && error.translated ? error.message : retry);

  const lock = useMutation({
    mutationFn: ({ user, locked }: { user: CompanyUser; locked: boolean }) => setUserLocked(companyId, user.id, locked),
    onSuccess: (_, { user, locked }) => {
      refresh();
      void toast.success(t(locked ? "users.success.locked" : "users.success.unlocked", { name: displayName(user) }));
    },
    onError: (error) => void toast.error(failure(error, t("users.retry.lock"))),
  });
  const remove = useMutation({
    mutationFn: ({ user, permanent }: { user: CompanyUser; permanent: boolean }) => removeUser(companyId, user.id, permanent),
    onSuccess: (_, { user, permanent }) => {
      refresh();
      void toast.success(t(permanent ? "users.success.deleted" : "users.success.removed", { name: displayName(user) }));
      onGone?.();
    },
    onError: (error) => void toast.error(failure(error, t("users.retry.remove"))),
  });

  return {
    confirmLock(user, locked) {
      const key = locked ? "confirmLock" : "confirmUnlock";
      void modal.confirm({
        title: t(`users.${key}.title`, { name: displayName(user) }),
        content: t(`users.${key}.text`),
        okText: t(`users.${key}.ok`),
        cancelText: t("common.cancel"),
        okButtonProps: { danger: locked, "data-testid": "user-lock-confirm" },
        onOk: () => lock.mutateAsync({ user, locked }).catch(() => undefined),
      });
    },
    confirmRemove(user, permanent) {
      const key = permanent ? "confirmDelete" : "confirmRemove";
      void modal.confirm({
        title: t(`users.${key}.title`, { name: displayName(user) }),
        content: t(`users.${key}.text`),
        okText: t(`users.${key}.ok`),
        cancelText: t("common.cancel"),
        okButtonProps: { danger: true, "data-testid": "user-remove-confirm" },
        onOk: () => remove.mutateAsync({ user, permanent }).catch(() => undefined),
      });
    },
  };
}
