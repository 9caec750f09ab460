import type { clientErrorsEs } from "./messages-es";

/** Textes français de l'écran des erreurs du portail (fournisseur). */
export const clientErrorsFr: typeof clientErrorsEs = {
  title: "Erreurs du portail",
  subtitle: "Erreurs et appels échoués signalés par les navigateurs ces 30 derniers jours, groupés par message et version.",
  forbidden: "Seuls les administrateurs du fournisseur peuvent voir les erreurs du portail.",
  loadError: "Nous n'avons pas pu charger les erreurs.",
  release: "Version",
  allReleases: "Toutes les versions",
  empty: "Aucune erreur signalée.",
  columns: { message: "Message", count: "Fois", users: "Utilisateurs", lastSeen: "Dernière fois" },
  seen: "Première fois {{first}} · dernière fois {{last}}",
  routes: "Routes",
  kinds: { error: "Erreur", unhandledrejection: "Promesse rejetée", boundary: "Écran", api: "Appel à l'API" },
  open: "Voir le détail de {{message}}",
  detailTitle: "Détail de l'erreur",
  occurrences: "Occurrences récentes",
  status: "Statut {{status}}",
  noResponse: "Pas de réponse",
  user: "Utilisateur {{id}}",
  anonymous: "Sans session",
  company: "Organisation {{id}}",
  times: "{{count}} fois",
  times_one: "1 fois",
  stack: "Trace",
  close: "Fermer",
};
