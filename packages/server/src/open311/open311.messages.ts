import type { Language } from "@atalaya/shared";

// Every text an Open311 client reads in an answer, in the three languages it may ask for. GeoReport v2
// clients are written in English first, so English is the language when Accept-Language names none of
// these (the portal's own API defaults to Spanish instead).

/** The languages Open311 texts are written in. */
export const OPEN311_LANGUAGES = ["en", "es", "fr"] as const satisfies readonly Language[];
export type Open311Language = (typeof OPEN311_LANGUAGES)[number];

const en = {
  apiKeyRequired: "api_key is required: ask the organisation's administrator for one.",
  apiKeyInvalid: "Invalid api_key received: it is wrong or was revoked.",
  jurisdictionRequired: "jurisdiction_id is required without an api_key: it is the organisation's id.",
  jurisdictionNotFound: "jurisdiction_id not found.",
  requestsNotPublic: "This organisation's requests are read with an api_key: its administrator has not turned on public Open311 reads.",
  serviceNotFound: "service_code {code} not found.",
  requestNotFound: "service_request_id {id} not found.",
  tokenNotFound: "token not found, or the request has not reached the organisation yet.",
  endBeforeStart: "end_date is before start_date.",
  spanTooLong: "start_date and end_date may not span more than {days} days.",
  latLongTogether: "lat and long must be sent together.",
  addressIdUnsupported: "address_id is not supported: send lat and long, or address_string.",
  locationRequired: "A location is required: lat and long, or address_string.",
  addressUnusable: "address_string is not an address that can be found.",
  addressNotPlaced: "address_string could not be placed on the map: send lat and long.",
  freemium: "A free organisation does not receive community reports: upgrade to receive Open311 requests.",
  outsideZones: "The location is outside the organisation's zones.",
  delayedNotice: "The organisation receives this request after its notification delay.",
  noSuchResource: "No such Open311 resource: see discovery.json.",
  invalidRequest: "Invalid request",
  tooManyRequests: "Too many requests: try again in {seconds} seconds.",
  geocoderBusy: "The address service is over its query limit: try again in a few minutes.",
  unavailable: "The service is unavailable right now: try again in a few seconds.",
  generalError: "An unexpected error occurred: try again.",
};
export type Open311MessageKey = keyof typeof en;

const MESSAGES: Record<Open311Language, Record<Open311MessageKey, string>> = {
  en,
  es: {
    apiKeyRequired: "Se requiere api_key: pídela al administrador de la organización.",
    apiKeyInvalid: "La api_key recibida no es válida: es incorrecta o fue revocada.",
    jurisdictionRequired: "Sin api_key se requiere jurisdiction_id: es el id de la organización.",
    jurisdictionNotFound: "No se encontró el jurisdiction_id.",
    requestsNotPublic: "Las solicitudes de esta organización se leen con una api_key: su administrador no ha activado la lectura pública de Open311.",
    serviceNotFound: "No se encontró el service_code {code}.",
    requestNotFound: "No se encontró el service_request_id {id}.",
    tokenNotFound: "No se encontró el token, o la solicitud aún no llega a la organización.",
    endBeforeStart: "end_date es anterior a start_date.",
    spanTooLong: "start_date y end_date no pueden abarcar más de {days} días.",
    latLongTogether: "lat y long deben enviarse juntos.",
    addressIdUnsupported: "address_id no está soportado: envía lat y long, o address_string.",
    locationRequired: "Se requiere una ubicación: lat y long, o address_string.",
    addressUnusable: "address_string no es una dirección que se pueda buscar.",
    addressNotPlaced: "No se pudo ubicar address_string en el mapa: envía lat y long.",
    freemium: "Una organización gratuita no recibe reportes de la comunidad: mejora su plan para recibir solicitudes Open311.",
    outsideZones: "La ubicación está fuera de las zonas de la organización.",
    delayedNotice: "La organización recibe esta solicitud después de su retraso de notificación.",
    noSuchResource: "No existe ese recurso Open311: consulta discovery.json.",
    invalidRequest: "Solicitud no válida",
    tooManyRequests: "Demasiadas solicitudes: vuelve a intentarlo en {seconds} segundos.",
    geocoderBusy: "El servicio de direcciones superó su límite de consultas: inténtalo en unos minutos.",
    unavailable: "El servicio no está disponible en este momento: vuelve a intentarlo en unos segundos.",
    generalError: "Ocurrió un error inesperado: vuelve a intentarlo.",
  },
  fr: {
    apiKeyRequired: "api_key est requise : demandez-en une à l'administrateur de l'organisation.",
    apiKeyInvalid: "La api_key reçue n'est pas valide : elle est erronée ou a été révoquée.",
    jurisdictionRequired: "Sans api_key, jurisdiction_id est requis : c'est l'identifiant de l'organisation.",
    jurisdictionNotFound: "jurisdiction_id introuvable.",
    requestsNotPublic: "Les demandes de cette organisation se lisent avec une api_key : son administrateur n'a pas activé la lecture publique Open311.",
    serviceNotFound: "service_code {code} introuvable.",
    requestNotFound: "service_request_id {id} introuvable.",
    tokenNotFound: "token introuvable, ou la demande n'a pas encore atteint l'organisation.",
    endBeforeStart: "end_date est antérieure à start_date.",
    spanTooLong: "start_date et end_date ne peuvent couvrir plus de {days} jours.",
    latLongTogether: "lat et long doivent être envoyés ensemble.",
    addressIdUnsupported: "address_id n'est pas pris en charge : envoyez lat et long, ou address_string.",
    locationRequired: "Un lieu est requis : lat et long, ou address_string.",
    addressUnusable: "address_string n'est pas une adresse que l'on peut chercher.",
    addressNotPlaced: "address_string n'a pas pu être placée sur la carte : envoyez lat et long.",
    freemium: "Une organisation gratuite ne reçoit pas les signalements de la communauté : passez à une offre payante pour recevoir les demandes Open311.",
    outsideZones: "Le lieu est en dehors des zones de l'organisation.",
    delayedNotice: "L'organisation reçoit cette demande après son délai de notification.",
    noSuchResource: "Cette ressource Open311 n'existe pas : voir discovery.json.",
    invalidRequest: "Requête non valide",
    tooManyRequests: "Trop de requêtes : réessayez dans {seconds} secondes.",
    geocoderBusy: "Le service d'adresses a dépassé sa limite de requêtes : réessayez dans quelques minutes.",
    unavailable: "Le service est indisponible pour le moment : réessayez dans quelques secondes.",
    generalError: "Une erreur inattendue s'est produite : réessayez.",
  },
};

/** The Open311 language an Accept-Language header asks for: the first of en, es, fr it names, else English. */
export function open311Language(header: string | undefined): Open311Language {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().slice(0, 2).toLowerCase();
    if ((OPEN311_LANGUAGES as readonly string[]).includes(tag ?? "")) return tag as Open311Language;
  }
  return "en";
}

/** A text of the catalogue in lang, its {name} placeholders filled. */
export function open311Message(lang: Open311Language, key: Open311MessageKey, vars: Record<string, string | number> = {}): string {
  return MESSAGES[lang][key].replace(/\{(\w+)\}/g, (_, k: string) => String(vars[k] ?? ""));
}
