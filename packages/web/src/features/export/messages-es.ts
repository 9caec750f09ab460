/** Spanish texts of the spreadsheet export (`export.*`: the button and its modal); the reference for en
 * and fr. */
export const exportEs = {
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
