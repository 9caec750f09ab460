import type { repliesEs } from "./messages-es";

/** Textes de la boîte des réponses. */
export const repliesFr: typeof repliesEs = {
  title: "Réponses",
  subtitle: "Les commentaires de la communauté sur les signalements de votre organisation, du plus récent au plus ancien. Répondez d’ici.",
  filterLabel: "Quels commentaires afficher",
  filterAll: "Tous",
  filterUnanswered: "Sans réponse ({{count}})",
  anonymous: "Utilisateur anonyme",
  author: "Auteur du signalement",
  answered: "Répondu",
  unanswered: "Sans réponse",
  on: "Sur",
  reply: "Répondre",
  replyLabel: "Réponse à {{name}}",
  placeholder: "Écrivez un commentaire public…",
  send: "Envoyer",
  sent: "Commentaire publié",
  empty: "Aucun commentaire de la communauté pour l’instant.",
  emptyUnanswered: "Aucun commentaire sans réponse.",
  loadError: "Impossible de charger les commentaires.",
};
