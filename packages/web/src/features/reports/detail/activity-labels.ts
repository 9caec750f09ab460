import { formatPlate, type Activity } from "@atalaya/shared";
import type { Translate } from "./action-errors";

/** Action names of the activity log the portal translates. */
export const KNOWN_ACTIONS = [
  "created",
  "taken",
  "updated",
  "assigned",
  "closed",
  "commented",
  "noted",
  "liked",
  "disliked",
  "followed",
  "unfollowed",
  "madePrivate",
  "addressChanged",
  "neighboursNotified",
  "neighboursNotificationCanceled",
  "shared",
  "exported",
  "mediaAdded",
  "deletedByAuthor",
  "deletedByAdmin",
  "mergedInto",
  "mergedFrom",
  "duplicateDismissed",
  // Issue 17: report flags and edits.
  "highlighted",
  "unhighlighted",
  "commentsTurnedOff",
  "commentsTurnedOn",
  "commentEdited",
  "noteEdited",
  "stolenPlateFlagged",
  "stolenPlateCleared",
  "callPlaced",
  // Issue 16: the report's workflow form.
  "formSubmitted",
  "sectionsAssigned",
] as const;
export type KnownAction = (typeof KNOWN_ACTIONS)[number];

// Names other writers of the log use for the same actions.
const ALIASES: Record<string, KnownAction> = {
  made_private: "madePrivate",
  address_changed: "addressChanged",
  notified_neighbours: "neighboursNotified",
  neighbours_notified: "neighboursNotified",
  notify_neighbours: "neighboursNotified",
  neighbours_notification_canceled: "neighboursNotificationCanceled",
  notification_canceled: "neighboursNotificationCanceled",
  cancel_notify_neighbours: "neighboursNotificationCanceled",
  comment: "commented",
  note: "noted",
  like: "liked",
  dislike: "disliked",
  follow: "followed",
  unfollow: "unfollowed",
  take: "taken",
  close: "closed",
  assign: "assigned",
  update: "updated",
  create: "created",
};

/** The known action an activity entry stands for, or null for one this portal does not know. */
export function normalizeAction(action: string): KnownAction | null {
  if ((KNOWN_ACTIONS as readonly string[]).includes(action)) return action as KnownAction;
  const alias = ALIASES[action] ?? ALIASES[action.toLowerCase()];
  if (alias) return alias;
  const camel = action.replace(/[_-](\w)/g, (_, letter: string) => letter.toUpperCase());
  return (KNOWN_ACTIONS as readonly string[]).includes(camel) ? (camel as KnownAction) : null;
}

/** Colour of an action's dot on the timeline. */
export function actionColor(action: KnownAction | null): string {
  switch (action) {
    case "created":
      return "#1677ff";
    case "taken":
    case "assigned":
      return "#f54286";
    case "closed":
    case "mergedInto":
      return "#52c41a";
    case "madePrivate":
      return "#722ed1";
    case "deletedByAuthor":
    case "deletedByAdmin":
      return "#f5222d";
    case "addressChanged":
    case "neighboursNotified":
    case "neighboursNotificationCanceled":
      return "#fa8c16";
    case "stolenPlateFlagged":
      return "#f5222d";
    case "callPlaced":
      return "#13c2c2";
    case "formSubmitted":
      return "#2f54eb";
    default:
      return "#b4b7c5";
  }
}

/** Lookups the details need (names of people, teams, types), injected so this stays pure. */
export interface ActivityContext {
  t: Translate;
  typeName(typeId: number): string;
  personName(userId: number): string | null;
  teamName(teamId: number): string | null;
  tagName(tagId: number): string | null;
  /** An instant in the portal's date-time format (lib/dates), as every other time on the screen. */
  dateTime(iso: string): string;
}

/** A translated activity entry: title and detail lines. */
export interface ActivityLabel {
  action: KnownAction | null;
  title: string;
  details: string[];
}

const MAX_QUOTE = 140;

function quote(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return `«${clean.length > MAX_QUOTE ? `${clean.slice(0, MAX_QUOTE - 1)}…` : clean}»`;
}

function humanize(action: string): string {
  const words = action
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);
const str = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);

function assignmentLine(ctx: ActivityContext, key: "user" | "team" | "patrol", value: unknown): string {
  const id = num(value);
  const name =
    id === null ? ctx.t("reportDetail.activity.nobody") : ((key === "team" ? ctx.teamName(id) : ctx.personName(id)) ?? `#${id}`);
  return ctx.t(`reportDetail.activity.assigned_${key}`, { name });
}

function details(action: KnownAction | null, data: Record<string, unknown>, ctx: ActivityContext): string[] {
  const { t } = ctx;
  const lines: string[] = [];
  switch (action) {
    case "created":
      if (data.source === "app") lines.push(t("reportDetail.activity.fromApp"));
      if (str(data.informerType)) lines.push(t("reportDetail.activity.informer", { informer: t(`reportDetail.informer.${String(data.informerType)}`) }));
      break;
    case "updated":
      if (str(data.priority)) lines.push(t("reportDetail.activity.priority", { value: t(`reportDetail.priority.${String(data.priority)}`) }));
      if (str(data.status)) lines.push(t("reportDetail.activity.status", { value: t(`statuses.${String(data.status)}`) }));
      if (num(data.type) !== null) lines.push(t("reportDetail.activity.type", { value: ctx.typeName(num(data.type) as number) }));
      if ("observations" in data)
        lines.push(
          str(data.observations)
            ? t("reportDetail.activity.observations", { value: quote(String(data.observations)) })
            : t("reportDetail.activity.observationsCleared"),
        );
      if (Array.isArray(data.tagIds)) {
        const names = data.tagIds.map((id) => (typeof id === "number" ? (ctx.tagName(id) ?? `#${id}`) : String(id)));
        lines.push(names.length ? t("reportDetail.activity.tags", { names: names.join(", ") }) : t("reportDetail.activity.tagsCleared"));
      }
      break;
    case "assigned":
      if ("userId" in data) lines.push(assignmentLine(ctx, "user", data.userId));
      if ("teamId" in data) lines.push(assignmentLine(ctx, "team", data.teamId));
      if ("patrolId" in data) lines.push(assignmentLine(ctx, "patrol", data.patrolId));
      break;
    case "mergedInto":
    case "closed": {
      const kind = str(data.kind);
      if (kind === "repeated" && num(data.repeatedOf) !== null)
        lines.push(t("reportDetail.activity.closedRepeated", { id: num(data.repeatedOf) }));
      else if (kind) lines.push(t("reportDetail.activity.closedAs", { kind: t(`reportDetail.close.kinds.${kind}`) }));
      const comment = str(data.comment) ?? str(data.answer) ?? str(data.body);
      if (comment) lines.push(quote(comment));
      break;
    }
    case "addressChanged":
      if (str(data.address)) lines.push(t("reportDetail.activity.newAddress", { address: String(data.address) }));
      if (str(data.previousAddress)) lines.push(t("reportDetail.activity.previousAddress", { address: String(data.previousAddress) }));
      break;
    case "neighboursNotified":
      if (num(data.neighbours) !== null) lines.push(t("reportDetail.activity.neighbours", { count: num(data.neighbours) }));
      break;
    case "mergedFrom":
      if (num(data.reportId) !== null)
        lines.push(t("reportDetail.activity.mergedFrom", { id: num(data.reportId), followers: num(data.followers) ?? 0, likes: num(data.likes) ?? 0 }));
      break;
    case "duplicateDismissed":
      if (num(data.originalId) !== null) lines.push(t("reportDetail.activity.dismissedDuplicate", { id: num(data.originalId) }));
      break;
    case "mediaAdded":
      if (str(data.name)) lines.push(String(data.name));
      break;
    case "stolenPlateFlagged":
    case "stolenPlateCleared":
      if (str(data.plate)) lines.push(t("reportDetail.activity.plate", { plate: formatPlate(String(data.plate)) }));
      break;
    case "callPlaced":
      if ((data.to === "reporter" || data.to === "caller") && str(data.outcome))
        lines.push(t("reportDetail.activity.call", { to: t(`plates.call.${data.to}`), outcome: t(`plates.call.outcomes.${String(data.outcome)}`) }));
      break;
    case "formSubmitted": {
      if (str(data.title) && num(data.version) !== null) lines.push(t("reportDetail.activity.formSaved", { title: String(data.title), version: num(data.version) }));
      const location = data.location as { address?: unknown; latitude?: unknown; longitude?: unknown } | undefined;
      if (location && typeof location === "object")
        lines.push(t("reportDetail.activity.formMoved", { address: str(location.address) ?? `${String(location.latitude)}, ${String(location.longitude)}` }));
      if (str(data.createdAt)) lines.push(t("reportDetail.activity.formDated", { date: ctx.dateTime(String(data.createdAt)) }));
      if (str(data.optionalCode)) lines.push(t("reportDetail.activity.formCode", { code: String(data.optionalCode) }));
      break;
    }
    case "commented":
    case "noted": {
      const body = str(data.body);
      if (body) lines.push(quote(body));
      break;
    }
    default:
      break;
  }
  return lines;
}

/** Title and detail lines of one activity entry, in the interface language. */
export function describeActivity(entry: Pick<Activity, "action" | "data">, ctx: ActivityContext): ActivityLabel {
  const action = normalizeAction(entry.action);
  // A like carries its value: -1 is a dislike, and a null vote means the vote was withdrawn.
  const titleKey =
    action === "liked" && entry.data.vote === null ? "voteWithdrawn" : action === "liked" && entry.data.value === -1 ? "disliked" : action;
  return {
    action,
    title: titleKey ? ctx.t(`reportDetail.activity.actions.${titleKey}`) : humanize(entry.action),
    details: details(action, entry.data, ctx),
  };
}
