import { CLIENT_ERROR_MESSAGES, LANGUAGES, FORMS_MESSAGES, ORGANISATION_MESSAGES, PLATE_MESSAGES, REPORT_LIFE_REASON_TEXTS, isClientErrorProblem, ROLE_CHANGE_FORBIDDEN_MESSAGES, USER_FIELD_MESSAGES, isUserFieldProblem, type ConflictReason, type Language } from "@atalaya/shared";

type Catalogue = Record<string, string>;

// Messages the API sends in the user's language; the portal has its own texts for the same codes.
const MESSAGES: Record<Language, Catalogue> = {
  es: {
    ...PLATE_MESSAGES.es,
    validation: "Errores de validación",
    generalError: "Ha ocurrido un error inesperado, por favor inténtalo de nuevo",
    serviceUnavailable: "El servicio no está disponible en este momento; vuelve a intentarlo en unos segundos.",
    tooManyRequests: "Demasiadas solicitudes seguidas. Espera {seconds} segundos antes de volver a intentarlo.",
    notAuthenticated: "user not authenticated",
    forbidden: "No tienes permiso para esta acción",
    notFound: "No encontrado",
    userNotFound: "Usuario no encontrado",
    wrongPassword: "Contraseña incorrecta",
    invalidRole: "Tu rol no permite ingresar al portal",
    fieldMissing: "Faltan campos obligatorios",
    tooManyAttempts: "Demasiados intentos fallidos. Espera {seconds} segundos antes de volver a intentarlo.",
    accountLocked: "Tu cuenta está bloqueada. Contacta al administrador.",
    invalidTicket: "El ticket de conexión en tiempo real no es válido o expiró",
    alreadyTaken: "Este reporte ya fue tomado por {by}",
    invalidTransition: "Esta acción no es posible en el estado actual del reporte",
    conflict: "Otra persona modificó este reporte; revisa los cambios antes de guardar",
    invalidFileType: "Este tipo de archivo no está permitido. Tipos permitidos: {allowed}",
    fileTooLarge: "El archivo es demasiado grande (máximo {max} MB)",
    tooManyImages: "Este reporte ya tiene el máximo de {max} imágenes",
    uploadFailed: "No se pudo subir el archivo; inténtalo de nuevo",
    fileStoreUnavailable: "No se puede acceder a los archivos en este momento; no se guardó nada. Vuelve a intentarlo en {seconds} segundos.",
    tooManyUploads: "Hay demasiados archivos subiéndose en este momento. Espera {seconds} segundos antes de volver a intentarlo.",
    uploadTooSlow: "El archivo llegaba demasiado lento y se canceló el envío; revisa tu conexión e inténtalo de nuevo.",
    overQueryLimit: "El servicio de direcciones superó su límite de consultas; inténtalo en unos minutos",
    unknow: "No se pudo consultar el servicio de direcciones; inténtalo de nuevo",
    noResults: "No se encontraron resultados para esta dirección",
    noRegisteredAddress: "No hay una dirección registrada; ingresa una dirección válida",
    notInZone: "La dirección no es parte de la zona de tu compañía",
    noReportsToExport: "No hay reportes para exportar entre estas fechas",
    exportFileUnavailable: "No se pudo descargar el archivo",
    zoneTooFewPoints: "La zona necesita al menos 3 puntos",
    zoneEmptyArea: "La zona dibujada no tiene área",
    zoneSelfIntersects: "Los bordes de la zona se cruzan; dibújala sin cruces",
    zoneTooLarge: "La zona supera el área máxima de {max} km²",
    roleChangeForbidden: ROLE_CHANGE_FORBIDDEN_MESSAGES.es,
    moduleDisabled: "Tu organización no tiene activado el módulo de esta función",
    observerCompany: "Tu organización es observadora: puede ver estos reportes, pero no tomarlos ni cerrarlos",
    freemiumLimit: "Esta función no está incluida en la cuenta gratuita; solicita la mejora de tu plan",
    invalidNumber: "El valor de «{name}» debe ser un número: signo opcional, dígitos y decimales opcionales (por ejemplo 15 o -2.5)",
    providerOnly: "Solo los administradores del proveedor pueden hacer este cambio",
    messageInvalidState: "Esta acción no es posible en el estado actual del mensaje",
    sectionNotAssigned: "Esta sección del formulario está asignada a otras personas",
    blockingUsersDisabled: "El bloqueo de usuarios de la comunidad no está habilitado para tu organización",
  },
  en: {
    ...PLATE_MESSAGES.en,
    validation: "Validation errors",
    generalError: "An unexpected error has occurred, please try again",
    serviceUnavailable: "The service is unavailable right now; please try again in a few seconds.",
    tooManyRequests: "Too many requests in a row. Wait {seconds} seconds before trying again.",
    notAuthenticated: "user not authenticated",
    forbidden: "You do not have permission for this action",
    notFound: "Not found",
    userNotFound: "User not found",
    wrongPassword: "Wrong password",
    invalidRole: "Your role is not allowed to sign in to the portal",
    fieldMissing: "Required fields are missing",
    tooManyAttempts: "Too many failed attempts. Wait {seconds} seconds before trying again.",
    accountLocked: "Your account is locked. Contact your administrator.",
    invalidTicket: "The real-time ticket is invalid or expired",
    alreadyTaken: "This report was already taken by {by}",
    invalidTransition: "This action is not possible in the report's current state",
    conflict: "Someone else changed this report; review the changes before saving",
    invalidFileType: "This file type is not allowed. Allowed types: {allowed}",
    fileTooLarge: "The file is too big (maximum {max} MB)",
    tooManyImages: "This report already has the maximum of {max} images",
    uploadFailed: "The file could not be uploaded; please try again",
    fileStoreUnavailable: "Files cannot be reached right now; nothing was saved. Try again in {seconds} seconds.",
    tooManyUploads: "Too many files are being uploaded right now. Wait {seconds} seconds before trying again.",
    uploadTooSlow: "The file was arriving too slowly and the upload was stopped; check your connection and try again.",
    overQueryLimit: "The address service is over its query limit; try again in a few minutes",
    unknow: "The address service could not be reached; please try again",
    noResults: "No results found for this address",
    noRegisteredAddress: "There is no registered address; enter a valid address",
    notInZone: "The address is not part of your company zone",
    noReportsToExport: "There are no reports to export between these dates",
    exportFileUnavailable: "The file could not be downloaded",
    zoneTooFewPoints: "A zone needs at least 3 points",
    zoneEmptyArea: "The drawn zone has no area",
    zoneSelfIntersects: "The zone's edges cross; draw it without crossings",
    zoneTooLarge: "The zone exceeds the maximum area of {max} km²",
    roleChangeForbidden: ROLE_CHANGE_FORBIDDEN_MESSAGES.en,
    moduleDisabled: "Your organisation does not have this feature's module enabled",
    observerCompany: "Your organisation is an observer: it can see these reports but not take or close them",
    freemiumLimit: "This feature is not included in the free account; request an upgrade of your plan",
    invalidNumber: "The value of “{name}” must be a number: optional sign, digits and optional decimals (for example 15 or -2.5)",
    providerOnly: "Only the provider's administrators can make this change",
    messageInvalidState: "This action is not possible in the message's current state",
    sectionNotAssigned: "This section of the form is assigned to other people",
    blockingUsersDisabled: "Blocking community users is not enabled for your organisation",
  },
  fr: {
    ...PLATE_MESSAGES.fr,
    validation: "Erreurs de validation",
    generalError: "Une erreur inattendue s'est produite, veuillez réessayer",
    serviceUnavailable: "Le service est momentanément indisponible ; réessayez dans quelques secondes.",
    tooManyRequests: "Trop de requêtes d’affilée. Attendez {seconds} secondes avant de réessayer.",
    notAuthenticated: "user not authenticated",
    forbidden: "Vous n'avez pas la permission pour cette action",
    notFound: "Introuvable",
    userNotFound: "Utilisateur introuvable",
    wrongPassword: "Mot de passe incorrect",
    invalidRole: "Votre rôle ne permet pas d'accéder au portail",
    fieldMissing: "Des champs obligatoires sont manquants",
    tooManyAttempts: "Trop de tentatives échouées. Attendez {seconds} secondes avant de réessayer.",
    accountLocked: "Votre compte est bloqué. Contactez l'administrateur.",
    invalidTicket: "Le ticket temps réel est invalide ou expiré",
    alreadyTaken: "Ce signalement a déjà été pris par {by}",
    invalidTransition: "Cette action n'est pas possible dans l'état actuel du signalement",
    conflict: "Quelqu'un d'autre a modifié ce signalement ; vérifiez les changements avant d'enregistrer",
    invalidFileType: "Ce type de fichier n'est pas autorisé. Types autorisés : {allowed}",
    fileTooLarge: "Le fichier est trop volumineux (maximum {max} Mo)",
    tooManyImages: "Ce signalement a déjà le maximum de {max} images",
    uploadFailed: "Le fichier n'a pas pu être envoyé ; veuillez réessayer",
    fileStoreUnavailable: "Les fichiers sont inaccessibles pour le moment ; rien n’a été enregistré. Réessayez dans {seconds} secondes.",
    tooManyUploads: "Trop de fichiers sont en cours d’envoi. Attendez {seconds} secondes avant de réessayer.",
    uploadTooSlow: "Le fichier arrivait trop lentement et l’envoi a été interrompu ; vérifiez votre connexion et réessayez.",
    overQueryLimit: "Le service d'adresses a dépassé sa limite de requêtes ; réessayez dans quelques minutes",
    unknow: "Le service d'adresses est injoignable ; veuillez réessayer",
    noResults: "Aucun résultat trouvé pour cette adresse",
    noRegisteredAddress: "Aucune adresse enregistrée ; saisissez une adresse valide",
    notInZone: "L'adresse ne fait pas partie de la zone de votre entreprise",
    noReportsToExport: "Aucun signalement à exporter entre ces dates",
    exportFileUnavailable: "Le fichier n'a pas pu être téléchargé",
    zoneTooFewPoints: "Une zone a besoin d'au moins 3 points",
    zoneEmptyArea: "La zone dessinée n'a pas de surface",
    zoneSelfIntersects: "Les bords de la zone se croisent ; dessinez-la sans croisement",
    zoneTooLarge: "La zone dépasse la surface maximale de {max} km²",
    roleChangeForbidden: ROLE_CHANGE_FORBIDDEN_MESSAGES.fr,
    moduleDisabled: "Le module de cette fonction n'est pas activé pour votre organisation",
    observerCompany: "Votre organisation est observatrice : elle voit ces signalements mais ne peut ni les prendre ni les clôturer",
    freemiumLimit: "Cette fonction n'est pas incluse dans le compte gratuit ; demandez la mise à niveau de votre offre",
    invalidNumber: "La valeur de « {name} » doit être un nombre : signe facultatif, chiffres et décimales facultatives (par exemple 15 ou -2.5)",
    providerOnly: "Seuls les administrateurs du fournisseur peuvent faire ce changement",
    messageInvalidState: "Cette action n'est pas possible dans l'état actuel du message",
    sectionNotAssigned: "Cette section du formulaire est attribuée à d'autres personnes",
    blockingUsersDisabled: "Le blocage des utilisateurs de la communauté n'est pas activé pour votre organisation",
  },
};

// Why a 409 refused an action (CONFLICT_REASONS): the error body's message is this text. A reason
// missing in any language is a compile error.
const REASONS: Record<Language, Record<ConflictReason, string>> = {
  es: {
    alreadyTaken: "Este reporte ya fue tomado por {by}",
    notTaken: "Primero hay que tomar el reporte",
    deletedByAuthor: "El autor eliminó este reporte; solo se puede cerrar",
    deletedByAdmin: "Un administrador eliminó este reporte; ya no se puede gestionar",
    alreadyClosed: "Este reporte ya está cerrado",
    closed: "El reporte está cerrado; esta acción ya no es posible",
    staleVersion: "Otra persona modificó este reporte; revisa los cambios antes de guardar",
    confirmDrugs: "Cambiar el tipo a drogas hace el reporte privado y anónimo; confirma el cambio",
    alreadyPrivate: "Este reporte ya es privado",
    privateReport: "Un reporte privado no tiene enlace público",
    alreadyNotified: "Ya se está notificando a los vecinos",
    notNotified: "No hay una notificación a vecinos que cancelar",
    createdByCompany: "No se puede cambiar la dirección de un reporte creado por la organización",
    zoneNameTaken: "Ya existe una zona con ese nombre",
    zoneInUse: "Hay {count} usuarios restringidos a esta zona; quítala de sus zonas antes de eliminarla",
    globalZone: "La zona global abarca todo el mapa y no se puede editar",
    alreadyGlobal: "La organización ya atiende la zona global",
    teamNameTaken: ORGANISATION_MESSAGES.es.teamNameTaken,
    tagNameTaken: ORGANISATION_MESSAGES.es.tagNameTaken,
    sourceNameTaken: ORGANISATION_MESSAGES.es.sourceNameTaken,
    ...REPORT_LIFE_REASON_TEXTS.es,
    categoryNameTaken: FORMS_MESSAGES.es.categoryNameTaken,
    ownAccount: "No puedes hacer esto con tu propia cuenta",
    sharedAccount: "Esta cuenta también pertenece a otras organizaciones; solo puedes cambiar su rol, sus restricciones y su configuración, o quitarla de la tuya",
    commentsTurnedOff: "Un operador cerró este reporte a nuevos comentarios de la comunidad",
    duplicateText: "Ya escribiste ese mismo texto en este reporte",
    messageState: "Esta acción no es posible en el estado actual del mensaje",
    messageZoneNameTaken: "Ya existe una zona de mensajes con ese nombre",
    messageZoneInUse: "Un mensaje usa esta zona; cámbiale la zona antes de eliminarla",
    plateNotStolen: "El servicio policial no informa esta patente como robada",
    assetDisabled: "Este activo está deshabilitado y no recibe reportes",
    safetagDisabled: "Esta etiqueta segura está deshabilitada de forma permanente",
    safetagLinked: "Esta etiqueta segura ya está vinculada a otra cuenta",
    safetagNotLinked: "Esta etiqueta segura no está vinculada a ninguna cuenta",
  },
  en: {
    alreadyTaken: "This report was already taken by {by}",
    notTaken: "The report must be taken first",
    deletedByAuthor: "The author deleted this report; it can only be closed",
    deletedByAdmin: "An administrator deleted this report; it can no longer be worked",
    alreadyClosed: "This report is already closed",
    closed: "The report is closed; this action is no longer possible",
    staleVersion: "Someone else changed this report; review the changes before saving",
    confirmDrugs: "Changing the type to drugs makes the report private and anonymous; confirm the change",
    alreadyPrivate: "This report is already private",
    privateReport: "A private report has no public link",
    alreadyNotified: "The neighbours are already being notified",
    notNotified: "There is no neighbours' notification to cancel",
    createdByCompany: "The address of a report created by the organisation cannot be changed",
    zoneNameTaken: "A zone with that name already exists",
    zoneInUse: "{count} users are restricted to this zone; remove it from their zones before deleting it",
    globalZone: "The global zone covers the whole map and cannot be edited",
    alreadyGlobal: "The organisation already attends the global zone",
    teamNameTaken: ORGANISATION_MESSAGES.en.teamNameTaken,
    tagNameTaken: ORGANISATION_MESSAGES.en.tagNameTaken,
    sourceNameTaken: ORGANISATION_MESSAGES.en.sourceNameTaken,
    ...REPORT_LIFE_REASON_TEXTS.en,
    categoryNameTaken: FORMS_MESSAGES.en.categoryNameTaken,
    ownAccount: "You cannot do this to your own account",
    sharedAccount: "This account also belongs to other organisations; you may only change its role, restrictions and settings, or remove it from yours",
    commentsTurnedOff: "An operator closed this report to new community comments",
    duplicateText: "You already wrote that same text on this report",
    messageState: "This action is not possible in the message's current state",
    messageZoneNameTaken: "A message zone with that name already exists",
    messageZoneInUse: "A message uses this zone; change its zone before deleting it",
    plateNotStolen: "The police service does not report this plate as stolen",
    assetDisabled: "This asset is disabled and takes no reports",
    safetagDisabled: "This safe tag is permanently disabled",
    safetagLinked: "This safe tag is already linked to another account",
    safetagNotLinked: "This safe tag is not linked to any account",
  },
  fr: {
    alreadyTaken: "Ce signalement a déjà été pris par {by}",
    notTaken: "Il faut d'abord prendre le signalement",
    deletedByAuthor: "L'auteur a supprimé ce signalement ; il ne peut qu'être clôturé",
    deletedByAdmin: "Un administrateur a supprimé ce signalement ; il ne peut plus être traité",
    alreadyClosed: "Ce signalement est déjà clôturé",
    closed: "Le signalement est clôturé ; cette action n'est plus possible",
    staleVersion: "Quelqu'un d'autre a modifié ce signalement ; vérifiez les changements avant d'enregistrer",
    confirmDrugs: "Passer le type à drogues rend le signalement privé et anonyme ; confirmez le changement",
    alreadyPrivate: "Ce signalement est déjà privé",
    privateReport: "Un signalement privé n'a pas de lien public",
    alreadyNotified: "Les voisins sont déjà en cours de notification",
    notNotified: "Il n'y a pas de notification aux voisins à annuler",
    createdByCompany: "L'adresse d'un signalement créé par l'organisation ne peut pas être modifiée",
    zoneNameTaken: "Une zone porte déjà ce nom",
    zoneInUse: "{count} utilisateurs sont limités à cette zone ; retirez-la de leurs zones avant de la supprimer",
    globalZone: "La zone globale couvre toute la carte et ne peut pas être modifiée",
    alreadyGlobal: "L'organisation couvre déjà la zone globale",
    teamNameTaken: ORGANISATION_MESSAGES.fr.teamNameTaken,
    tagNameTaken: ORGANISATION_MESSAGES.fr.tagNameTaken,
    sourceNameTaken: ORGANISATION_MESSAGES.fr.sourceNameTaken,
    ...REPORT_LIFE_REASON_TEXTS.fr,
    categoryNameTaken: FORMS_MESSAGES.fr.categoryNameTaken,
    ownAccount: "Vous ne pouvez pas faire cela avec votre propre compte",
    sharedAccount: "Ce compte appartient aussi à d'autres organisations ; vous pouvez seulement changer son rôle, ses restrictions et ses réglages, ou le retirer de la vôtre",
    commentsTurnedOff: "Un opérateur a fermé ce signalement aux nouveaux commentaires de la communauté",
    duplicateText: "Vous avez déjà écrit ce même texte sur ce signalement",
    messageState: "Cette action n'est pas possible dans l'état actuel du message",
    messageZoneNameTaken: "Une zone de messages porte déjà ce nom",
    messageZoneInUse: "Un message utilise cette zone ; changez sa zone avant de la supprimer",
    plateNotStolen: "Le service de police ne signale pas cette plaque comme volée",
    assetDisabled: "Ce bien est désactivé et ne reçoit pas de signalements",
    safetagDisabled: "Cette étiquette sûre est désactivée définitivement",
    safetagLinked: "Cette étiquette sûre est déjà liée à un autre compte",
    safetagNotLinked: "Cette étiquette sûre n'est liée à aucun compte",
  },
};

/** The first supported language of an Accept-Language header, Spanish when none matches. */
export function pickLanguage(header: string | undefined): Language {
  if (!header) return "es";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return "es";
}

function fill(text: string, vars: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ""));
}

/** The text for an error code in lang, with {name} placeholders filled; undefined when unknown. */
export function translate(lang: Language, code: string, vars: Record<string, string | number> = {}): string | undefined {
  const text = MESSAGES[lang][code];
  return text === undefined ? undefined : fill(text, vars);
}

/** The text of a 409's reason in lang, with {name} placeholders filled. */
export function translateReason(lang: Language, reason: ConflictReason, vars: Record<string, string | number> = {}): string {
  return fill(REASONS[lang][reason], vars);
}

/** The text of a field problem that has one (the user forms' SPEC §5 rules, a client error report's), else undefined. */
export function translateFieldProblem(lang: Language, code: string): string | undefined {
  if (isClientErrorProblem(code)) return CLIENT_ERROR_MESSAGES[lang][code];
  return isUserFieldProblem(code) ? USER_FIELD_MESSAGES[lang][code] : undefined;
}

/** The language of a sign-up, reset or law-enforcement caller: the first supported one of its
 * Accept-Language header, English when it names none (SPEC §1: the sign-up and app shell default to
 * English). */
export function shellLanguage(header: string | undefined): Language {
  if (!header) return "en";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return "en";
}
