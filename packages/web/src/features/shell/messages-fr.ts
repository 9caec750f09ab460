import type { Catalogue } from "../../lib/i18n";
import type { navEs } from "./messages-es";

/** French names of the side navigation's screens. */
export const navFr: Catalogue<typeof navEs> = {
  reviews: "Examen des signalements",
  replies: "Réponses",
  connections: "Connexions",
  plateLookups: "Recherches de plaques",
  operators: "Opérateurs",
  sounds: "Sons",
  sources: "Sources",
  selectors: "Sélecteurs",
  activities: "Activités",
  activityCompliance: "Conformité des activités",
  settings: "Paramètres",
  companies: "Organisations",
  clientErrors: "Erreurs du portail",
  lawEnforcement: "Autorités",
  mailOutbox: "Courriels",
  collaboratorMessages: "Messages à l’équipe",
  messagesApproval: "Approbation des messages",
  activity: "Activité",
  users: "Utilisateurs",
  lockedHint: "(non inclus dans le compte gratuit)",
  logout: "Se déconnecter",
  collapse: "Réduire le menu",
  expand: "Déplier le menu",
  mainMenu: "Navigation principale",
};
