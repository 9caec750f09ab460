import type { notificationsEs } from "./messages-es";

/** English texts of the notification centre. */
export const notificationsEn: typeof notificationsEs = {
  open: "Notifications",
  openWithCount: "Notifications: {{count}} unread",
  title: "Notifications",
  markAllRead: "Mark all as read",
  empty: "You have no notifications.",
  loadError: "We could not load the notifications.",
  loadMore: "Show more",
  unreadCount: "{{count}} unread",
  unreadCount_one: "1 unread",
  allRead: "All read",
  unread: "Unread",
  newOne: "New notification: {{text}}",
  kinds: {
    assigned: "{{actor}} assigned {{report}} to you",
    teamAssigned: "{{actor}} assigned {{report}} to your team {{team}}",
    mention: "{{actor}} mentioned you in a note on {{report}}",
    followedComment: "{{actor}} commented on {{report}}, which you follow",
    followedCommentCommunity: "New community comment on {{report}}, which you follow",
    followedStatus: "{{report}}, which you follow, is now {{status}}",
    upgradeAnswered: "Your request to upgrade the plan was accepted",
    upgradeRejected: "Your request to upgrade the plan was declined",
    messageApproved: "Your message “{{title}}” was approved",
    messageRejected: "Your message “{{title}}” was rejected: {{reason}}",
  },
};
