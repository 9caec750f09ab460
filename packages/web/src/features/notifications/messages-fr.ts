import type { notificationsEs } from "./messages-es";

/** Textes du centre de notifications. */
export const notificationsFr: typeof notificationsEs = {
  open: "Notifications",
  openWithCount: "Notifications : {{count}} non lues",
  title: "Notifications",
  markAllRead: "Tout marquer comme lu",
  empty: "Vous n’avez aucune notification.",
  loadError: "Impossible de charger les notifications.",
  loadMore: "Voir plus",
  unreadCount: "{{count}} non lues",
  unreadCount_one: "1 non lue",
  allRead: "Tout est lu",
  unread: "Non lue",
  newOne: "Nouvelle notification : {{text}}",
  kinds: {
    assigned: "{{actor}} vous a attribué {{report}}",
    teamAssigned: "{{actor}} a attribué {{report}} à votre équipe {{team}}",
    mention: "{{actor}} vous a mentionné dans une note de {{report}}",
    followedComment: "{{actor}} a commenté {{report}}, que vous suivez",
    followedCommentCommunity: "Nouveau commentaire de la communauté sur {{report}}, que vous suivez",
    followedStatus: "{{report}}, que vous suivez, est maintenant {{status}}",
    upgradeAnswered: "Votre demande de passage à l’offre supérieure a été acceptée",
    upgradeRejected: "Votre demande de passage à l’offre supérieure a été refusée",
    messageApproved: "Votre message « {{title}} » a été approuvé",
    messageRejected: "Votre message « {{title}} » a été refusé : {{reason}}",
  },
};
