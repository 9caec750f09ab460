import type { duplicatesEs } from "./messages-es";

/** French texts of the duplicate suggestions (issue 18). */
export const duplicatesFr: typeof duplicatesEs = {
  badge: "Doublon possible",
  badgeTitle_one: "{{count}} signalement ouvert semblable à proximité",
  badgeTitle_other: "{{count}} signalements ouverts semblables à proximité",
  title_one: "Doublon ? {{count}} signalement semblable",
  title_other: "Doublon ? {{count}} signalements semblables",
  hint: "Signalements ouverts du même type, proches et peu antérieurs à celui-ci. S’il s’agit du même fait, fermez-le comme doublon : ses abonnés et ses votes passent à l’original.",
  how: "À {{metres}} m, {{minutes}} min avant",
  noDescription: "Sans description",
  merge: "Fermer comme doublon du n° {{id}}",
  dismiss: "Pas un doublon",
  merged: "Signalement n° {{id}} fermé comme doublon du n° {{original}}",
  closingComment: "Merci de nous avoir prévenus. Ce fait a déjà été signalé (signalement n° {{id}}) et nous continuons à le traiter là-bas.",
};
