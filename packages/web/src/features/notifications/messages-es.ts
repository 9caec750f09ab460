/** Textos del centro de notificaciones. */
export const notificationsEs = {
  open: "Notificaciones",
  openWithCount: "Notificaciones: {{count}} sin leer",
  title: "Notificaciones",
  markAllRead: "Marcar todas como leídas",
  empty: "No tienes notificaciones.",
  loadError: "No pudimos cargar las notificaciones.",
  loadMore: "Ver más",
  unread: "Sin leer",
  newOne: "Nueva notificación: {{text}}",
  kinds: {
    assigned: "{{actor}} te asignó {{report}}",
    teamAssigned: "{{actor}} asignó {{report}} a tu equipo {{team}}",
    mention: "{{actor}} te mencionó en una nota de {{report}}",
    followedComment: "{{actor}} comentó {{report}}, que sigues",
    followedCommentCommunity: "Nuevo comentario de la comunidad en {{report}}, que sigues",
    followedStatus: "{{report}}, que sigues, pasó a {{status}}",
    upgradeAnswered: "Tu solicitud para mejorar el plan fue aceptada",
    upgradeRejected: "Tu solicitud para mejorar el plan fue respondida",
  },
};
