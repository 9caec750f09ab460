import type { connectionsEs, operatorsEs } from "./messages-es";

/** Textes de l’écran des opérateurs. */
export const operatorsFr: typeof operatorsEs = {
  title: "Opérateurs",
  subtitle: "Qui de votre organisation est connecté maintenant et sur quoi chacun travaille.",
  onlineCount: "{{count}} connectés maintenant",
  onlineCount_one: "1 connecté maintenant",
  online: "Connecté",
  offline: "Déconnecté",
  lastSeen: "Vu pour la dernière fois le {{when}}",
  viewing: "Consulte",
  working: "{{count}} signalements en cours :",
  working_one: "1 signalement en cours :",
  idle: "Aucun signalement en cours",
  empty: "Votre organisation n’a aucun membre.",
  loadError: "Impossible de charger les opérateurs.",
};

/** Textes de l’écran des connexions. */
export const connectionsFr: typeof connectionsEs = {
  title: "Connexions",
  subtitle: "Le journal de connexion des opérateurs au portail : quand ils se sont connectés, déconnectés ou ont perdu la connexion.",
  columns: { when: "Date", operator: "Opérateur", type: "Type", events: "Événements" },
  moreEvents: "et {{count}} de plus",
  filters: { operator: "Opérateur", anyOperator: "Tous les opérateurs", from: "Du", to: "Au" },
  empty: "Aucun enregistrement de connexion pour ce filtre.",
  loadError: "Impossible de charger les connexions.",
};
