import type { Language } from "./constants.js";

// The texts of the organisation module's SPEC §5 rules (organisation.ts holds the rules). No zod here:
// the portal's catalogues import these texts with its first download, and the schemas would bring zod.

/** Texts of the SPEC §5 rules of this module, in every portal language. */
export const ORGANISATION_MESSAGES = {
  es: {
    teamNameRequired: "El nombre del equipo es obligatorio",
    teamNameSpaces: "El nombre del equipo no puede contener espacios",
    teamNameTaken: "Ya existe un equipo con ese nombre",
    teamMembersRequired: "Selecciona al menos un miembro",
    teamMemberInvalid: "Cada miembro debe pertenecer a la organización",
    colorInvalid: "Elige un color válido (#RRGGBB)",
    nameTooLong: "El nombre es demasiado largo",
    invalidText: "El texto contiene caracteres no permitidos",
    tagNameRequired: "El nombre de la etiqueta es obligatorio",
    tagNameTaken: "Ya existe una etiqueta con ese nombre",
    tagLangInvalid: "Elige un idioma",
    tagTranslationTooLong: "La traducción es demasiado larga",
    sourceNameRequired: "El nombre de la fuente es obligatorio",
    sourceNameTaken: "Esa fuente ya existe",
    selectorNameRequired: "El nombre de la lista es obligatorio",
    selectorGroupTooLong: "El grupo es demasiado largo",
    selectorItemsRequired: "Agrega al menos un elemento",
    selectorItemNameRequired: "El nombre del elemento es obligatorio",
    selectorItemDuplicate: "Los nombres de los elementos deben ser únicos",
    dashboardNameRequired: "El nombre del dashboard es obligatorio",
    dashboardUrlInvalid: "La URL ingresada no es válida",
    apiKeyNameRequired: "El nombre de la clave es obligatorio",
  },
  en: {
    teamNameRequired: "The team name is required",
    teamNameSpaces: "The team name cannot contain spaces",
    teamNameTaken: "A team with that name already exists",
    teamMembersRequired: "Select at least one member",
    teamMemberInvalid: "Every member must belong to the organisation",
    colorInvalid: "Choose a valid colour (#RRGGBB)",
    nameTooLong: "The name is too long",
    invalidText: "The text contains characters that are not allowed",
    tagNameRequired: "The tag name is required",
    tagNameTaken: "A tag with that name already exists",
    tagLangInvalid: "Choose a language",
    tagTranslationTooLong: "The translation is too long",
    sourceNameRequired: "The source name is required",
    sourceNameTaken: "That source already exists",
    selectorNameRequired: "The list name is required",
    selectorGroupTooLong: "The group is too long",
    selectorItemsRequired: "Add at least one item",
    selectorItemNameRequired: "The item name is required",
    selectorItemDuplicate: "Item names must be unique",
    dashboardNameRequired: "The dashboard name is required",
    dashboardUrlInvalid: "The URL entered is not valid",
    apiKeyNameRequired: "The key name is required",
  },
  fr: {
    teamNameRequired: "Le nom de l'équipe est obligatoire",
    teamNameSpaces: "Le nom de l'équipe ne peut pas contenir d'espaces",
    teamNameTaken: "Une équipe porte déjà ce nom",
    teamMembersRequired: "Sélectionnez au moins un membre",
    teamMemberInvalid: "Chaque membre doit appartenir à l'organisation",
    colorInvalid: "Choisissez une couleur valide (#RRGGBB)",
    nameTooLong: "Le nom est trop long",
    invalidText: "Le texte contient des caractères non autorisés",
    tagNameRequired: "Le nom de l'étiquette est obligatoire",
    tagNameTaken: "Une étiquette porte déjà ce nom",
    tagLangInvalid: "Choisissez une langue",
    tagTranslationTooLong: "La traduction est trop longue",
    sourceNameRequired: "Le nom de la source est obligatoire",
    sourceNameTaken: "Cette source existe déjà",
    selectorNameRequired: "Le nom de la liste est obligatoire",
    selectorGroupTooLong: "Le groupe est trop long",
    selectorItemsRequired: "Ajoutez au moins un élément",
    selectorItemNameRequired: "Le nom de l'élément est obligatoire",
    selectorItemDuplicate: "Les noms des éléments doivent être uniques",
    dashboardNameRequired: "Le nom du tableau de bord est obligatoire",
    dashboardUrlInvalid: "L'URL saisie n'est pas valide",
    apiKeyNameRequired: "Le nom de la clé est obligatoire",
  },
} as const satisfies Record<Language, Record<string, string>>;
export type OrganisationMessage = keyof (typeof ORGANISATION_MESSAGES)["es"];

/** The text of a rule's code in lang; undefined for a code that is not one of this module's. */
export function organisationMessage(lang: Language, code: string): string | undefined {
  const catalogue: Record<string, string> = ORGANISATION_MESSAGES[lang];
  return Object.hasOwn(catalogue, code) ? catalogue[code] : undefined;
}
