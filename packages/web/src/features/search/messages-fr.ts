import type { searchEs } from "./messages-es";

/** French texts of the search screen and the header search box. */
export const searchFr: typeof searchEs = {
  title: "Recherche",
  open: "Rechercher",
  placeholder: "Rechercher des signalements et des commentaires",
  label: "Texte à rechercher",
  submit: "Rechercher",
  hint: "Saisissez un mot du titre, de la description, de l'adresse, du numéro ou de l'auteur ; les accents et une faute de frappe ne comptent pas.",
  reports: "Signalements ({{count}})",
  comments: "Commentaires ({{count}})",
  noReports: "Aucun signalement ne correspond.",
  noComments: "Aucun commentaire ne correspond.",
  loadError: "La recherche n'a pas pu aboutir.",
  tooLong: "Saisissez au plus {{max}} caractères.",
  commentOn: "Sur le signalement n°{{id}}",
  communityUser: "Habitant",
  fields: {
    title: "Titre",
    description: "Description",
    address: "Adresse",
    reporter: "Signalé par",
    id: "Numéro",
  },
};
