import type { exportEs } from "./messages-es";

/** French texts of the spreadsheet export. */
export const exportFr: typeof exportEs = {
  button: "Exporter",
  title: "Exporter les signalements",
  from: "Du",
  to: "Au",
  types: "Types de signalement",
  allTypes: "Tous les types",
  datesRequired: "Les dates doivent être choisies",
  export: "Exporter",
  close: "Fermer",
  progress: "Écriture de {{written}} signalements sur {{total}}…",
  ready: "Le fichier est prêt ({{total}} signalements).",
  download: "Télécharger le fichier",
  slow: "L'export peut prendre quelques minutes.",
  failed: "Une erreur inattendue s'est produite, veuillez réessayer",
};
