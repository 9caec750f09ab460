import type { Language } from "@atalaya/shared";

/** Texts of the export modal in es (the reference), en and fr. */
const es = {
  button: "Exportar",
  title: "Exportar reportes",
  from: "Desde",
  to: "Hasta",
  types: "Tipos de reporte",
  allTypes: "Todos los tipos",
  datesRequired: "Debes elegir las fechas",
  export: "Exportar",
  close: "Cerrar",
  progress: "Escribiendo {{written}} de {{total}} reportes…",
  ready: "El archivo está listo ({{total}} reportes).",
  download: "Descargar archivo",
  slow: "La exportación puede tardar unos minutos.",
  failed: "Ha ocurrido un error inesperado, por favor inténtalo de nuevo",
};
type Texts = typeof es;
const en: Texts = {
  button: "Export",
  title: "Export reports",
  from: "From",
  to: "To",
  types: "Report types",
  allTypes: "All types",
  datesRequired: "Dates must be chosen",
  export: "Export",
  close: "Close",
  progress: "Writing {{written}} of {{total}} reports…",
  ready: "The file is ready ({{total}} reports).",
  download: "Download file",
  slow: "The export may take a few minutes.",
  failed: "An unexpected error has occurred, please try again",
};
const fr: Texts = {
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

export const EXPORT_TEXTS: Record<Language, Texts> = { es, en, fr };

/** A text with its {{placeholders}} filled. */
export function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ""));
}
