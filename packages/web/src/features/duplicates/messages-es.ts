/** Spanish texts of the duplicate suggestions (issue 18). */
export const duplicatesEs = {
  badge: "Posible repetido",
  badgeTitle_one: "{{count}} reporte abierto parecido cerca",
  badgeTitle_other: "{{count}} reportes abiertos parecidos cerca",
  title_one: "¿Repetido? {{count}} reporte parecido",
  title_other: "¿Repetido? {{count}} reportes parecidos",
  hint: "Reportes abiertos del mismo tipo, cerca y poco antes de este. Si es el mismo hecho, ciérralo como repetido: sus seguidores y votos pasan al original.",
  how: "A {{metres}} m, {{minutes}} min antes",
  noDescription: "Sin descripción",
  merge: "Cerrar como repetido de #{{id}}",
  dismiss: "No es repetido",
  merged: "Reporte #{{id}} cerrado como repetido de #{{original}}",
  closingComment: "Gracias por avisar. Este hecho ya fue reportado (reporte #{{id}}) y lo seguimos atendiendo allí.",
};
