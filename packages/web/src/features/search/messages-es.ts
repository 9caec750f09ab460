/** Spanish texts of the search screen and the header search box (`search.*`); the reference for en and fr. */
export const searchEs = {
  title: "Búsqueda",
  open: "Buscar",
  placeholder: "Buscar reportes y comentarios",
  label: "Texto a buscar",
  submit: "Buscar",
  hint: "Escribe una palabra del título, la descripción, la dirección, el número o quien reportó; no importan los acentos ni un error de tipeo.",
  reports: "Reportes ({{count}})",
  comments: "Comentarios ({{count}})",
  noReports: "Ningún reporte coincide.",
  noComments: "Ningún comentario coincide.",
  loadError: "No pudimos completar la búsqueda.",
  tooLong: "Escribe como máximo {{max}} caracteres.",
  commentOn: "En el reporte #{{id}}",
  communityUser: "Vecino",
  fields: {
    title: "Título",
    description: "Descripción",
    address: "Dirección",
    reporter: "Reportado por",
    id: "Número",
  },
};
