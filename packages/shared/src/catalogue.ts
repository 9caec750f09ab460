import { z } from "./zod.js";
/** Built-in report type catalogue of SPEC §3 ("Report type"), shared by server seed data and web. */
import type * as MaterialDesignIcons from "@mdi/js";
import { DEFAULT_TYPE_COLOR } from "./constants.js";

type Icons = typeof MaterialDesignIcons;
/** A symbol of the Material Design Icons set (an `@mdi/js` export: an SVG path): what a type's image shows. */
export type ReportTypeSymbol = { [K in keyof Icons]: Icons[K] extends string ? K : never }[keyof Icons];

/** A text in the catalogue's languages (SPEC §3's pt, en and es, and French for the portal's readers);
 * every value is non-empty. */
export interface Localized {
  pt: string;
  en: string;
  es: string;
  fr: string;
}

/** A report category; `position` orders categories in lists. */
export interface ReportCategory {
  id: number;
  nameLocalized: Localized;
  position: number;
}

/**
 * A report type as SPEC §3 describes it. `color` and `viewData.color` are the pin/badge colour,
 * `viewData.toolbarColor` a darker shade of it; `position` orders types within their category.
 * `imageName` names its image file (the badge and map pin: `symbol` drawn in white on `color`), served
 * at `reportTypeImagePath(imageName)`.
 */
export interface ReportType {
  id: number;
  category_id: number;
  active: boolean;
  nameLocalized: Localized;
  descriptionLocalized: Localized;
  imageName: string;
  symbol: ReportTypeSymbol;
  viewData: { color: string; toolbarColor: string };
  color: string;
  position: number;
}

const EMERGENCIES = 1;
const CRIME = 2;
const CITY = 3;
const COMMUNITY = 4;
const OUTAGES = 5;

/** The five built-in categories, ids 1 to 5, in display order. */
export const REPORT_CATEGORIES: readonly ReportCategory[] = [
  { id: EMERGENCIES, position: 1, nameLocalized: { pt: "Emergências", en: "Emergencies", es: "Emergencias", fr: "Urgences" } },
  { id: CRIME, position: 2, nameLocalized: { pt: "Crimes", en: "Crime", es: "Delitos", fr: "Délits" } },
  { id: CITY, position: 3, nameLocalized: { pt: "Problemas urbanos", en: "City issues", es: "Problemas urbanos", fr: "Problèmes urbains" } },
  { id: COMMUNITY, position: 4, nameLocalized: { pt: "Comunidade", en: "Community", es: "Comunidad", fr: "Communauté" } },
  {
    id: OUTAGES,
    position: 5,
    nameLocalized: { pt: "Interrupções de serviço", en: "Service outages", es: "Cortes de servicio", fr: "Coupures de service" },
  },
];

/** Pin colour and darker toolbar shade per category; crime uses the default type colour. */
const CATEGORY_COLORS: Record<number, { color: string; toolbarColor: string }> = {
  [EMERGENCIES]: { color: "#E53935", toolbarColor: "#B71C1C" },
  [CRIME]: { color: DEFAULT_TYPE_COLOR, toolbarColor: "#C4441C" },
  [CITY]: { color: "#00897B", toolbarColor: "#00695C" },
  [COMMUNITY]: { color: "#8E24AA", toolbarColor: "#6A1B9A" },
  [OUTAGES]: { color: "#757575", toolbarColor: "#424242" },
};

/** The drugs type: changing a report to it makes the report private and anonymous (SPEC §4). */
export const DRUGS_TYPE_ID = 14;

interface TypeSeed {
  id: number;
  symbol: ReportTypeSymbol;
  active?: boolean;
  name: Localized;
  description: Localized;
}

/** Turns one category's seeds, listed in display order, into types with positions 1, 2, 3… */
function category(categoryId: number, seeds: readonly TypeSeed[]): ReportType[] {
  const colors = CATEGORY_COLORS[categoryId] ?? { color: DEFAULT_TYPE_COLOR, toolbarColor: DEFAULT_TYPE_COLOR };
  return seeds.map((seed, index) => ({
    id: seed.id,
    category_id: categoryId,
    active: seed.active ?? true,
    nameLocalized: seed.name,
    descriptionLocalized: seed.description,
    imageName: `type_${seed.id}.svg`,
    symbol: seed.symbol,
    viewData: { color: colors.color, toolbarColor: colors.toolbarColor },
    color: colors.color,
    position: index + 1,
  }));
}

/**
 * The 40 built-in report types, ids 0 to 39 (unique), grouped by category in display order.
 * Every category-5 (outage) type is inactive; the sign-up groups below point at active types only.
 */
export const REPORT_TYPES: readonly ReportType[] = [
  ...category(EMERGENCIES, [
    {
      id: 17,
      symbol: "mdiShieldAlert",
      name: { pt: "Segurança", en: "Security", es: "Seguridad", fr: "Sécurité" },
      description: {
        pt: "Peça ajuda imediata da equipe de segurança.",
        en: "Call for immediate help from security staff.",
        es: "Solicita ayuda inmediata del equipo de seguridad.",
        fr: "Demandez l'aide immédiate de l'équipe de sécurité.",
      },
    },
    {
      id: 16,
      symbol: "mdiAmbulance",
      name: { pt: "Ambulância", en: "Ambulance", es: "Ambulancia", fr: "Ambulance" },
      description: {
        pt: "Alguém precisa de atendimento médico urgente.",
        en: "Someone needs urgent medical care.",
        es: "Alguien necesita atención médica urgente.",
        fr: "Quelqu'un a besoin de soins médicaux urgents.",
      },
    },
    {
      id: 20,
      symbol: "mdiFire",
      name: { pt: "Bombeiros", en: "Fire brigade", es: "Bomberos", fr: "Pompiers" },
      description: {
        pt: "Um incêndio ou uma situação que exige os bombeiros.",
        en: "A fire or another situation that needs firefighters.",
        es: "Un incendio u otra situación que requiere a Bomberos.",
        fr: "Un incendie ou une autre situation qui demande les pompiers.",
      },
    },
  ]),
  ...category(CRIME, [
    {
      id: 0,
      symbol: "mdiRobber",
      name: { pt: "Roubo", en: "Robbery", es: "Robo", fr: "Vol avec violence" },
      description: {
        pt: "Alguém foi roubado ou há um roubo em andamento.",
        en: "Someone was robbed or a robbery is in progress.",
        es: "Alguien fue asaltado o hay un robo en curso.",
        fr: "Quelqu'un a été dévalisé ou un vol est en cours.",
      },
    },
    {
      id: 1,
      symbol: "mdiCarKey",
      name: { pt: "Roubo de veículo", en: "Vehicle theft", es: "Robo de vehículo", fr: "Vol de véhicule" },
      description: {
        pt: "Um veículo ou peças dele foram roubados.",
        en: "A vehicle or some of its parts were stolen.",
        es: "Robaron un vehículo o partes de él.",
        fr: "Un véhicule ou certaines de ses pièces ont été volés.",
      },
    },
    {
      id: 6,
      symbol: "mdiHomeAlert",
      name: { pt: "Arrombamento de residência", en: "Home burglary", es: "Robo en domicilio", fr: "Cambriolage" },
      description: {
        pt: "Alguém invadiu uma residência para roubar.",
        en: "Someone broke into a home to steal.",
        es: "Alguien entró a robar a una vivienda.",
        fr: "Quelqu'un est entré dans un logement pour voler.",
      },
    },
    {
      id: 11,
      symbol: "mdiIncognito",
      name: { pt: "Atividade suspeita", en: "Suspicious activity", es: "Actividad sospechosa", fr: "Activité suspecte" },
      description: {
        pt: "Uma pessoa ou um veículo com comportamento suspeito.",
        en: "A person or vehicle behaving suspiciously.",
        es: "Una persona o un vehículo con actitud sospechosa.",
        fr: "Une personne ou un véhicule au comportement suspect.",
      },
    },
    {
      id: DRUGS_TYPE_ID,
      symbol: "mdiPill",
      name: { pt: "Drogas", en: "Drugs", es: "Drogas", fr: "Drogues" },
      description: {
        pt: "Venda ou consumo de drogas em local público.",
        en: "Drug dealing or drug use in a public place.",
        es: "Venta o consumo de drogas en la vía pública.",
        fr: "Vente ou consommation de drogues sur la voie publique.",
      },
    },
    {
      id: 15,
      symbol: "mdiCarEmergency",
      name: { pt: "Acidente", en: "Accident", es: "Accidente", fr: "Accident" },
      description: {
        pt: "Um acidente de trânsito ou outro incidente na região.",
        en: "A traffic accident or another mishap in the area.",
        es: "Un accidente de tránsito u otro percance en el sector.",
        fr: "Un accident de la route ou un autre incident dans le secteur.",
      },
    },
    {
      id: 18,
      symbol: "mdiBoxingGlove",
      name: { pt: "Tumulto", en: "Commotion", es: "Desórdenes", fr: "Troubles" },
      description: {
        pt: "Brigas, confusão ou desordem em via pública.",
        en: "Fights, brawls or public disorder.",
        es: "Peleas, riñas o desórdenes en la vía pública.",
        fr: "Bagarres, rixes ou troubles sur la voie publique.",
      },
    },
    {
      id: 19,
      symbol: "mdiHandcuffs",
      name: { pt: "Outro crime", en: "Other crime", es: "Otro delito", fr: "Autre délit" },
      description: {
        pt: "Um crime que não se encaixa em nenhum outro tipo.",
        en: "A crime that fits no other type.",
        es: "Un delito que no corresponde a ningún otro tipo.",
        fr: "Un délit qui ne correspond à aucun autre type.",
      },
    },
    {
      id: 2,
      symbol: "mdiHammer",
      active: false,
      name: { pt: "Vandalismo", en: "Vandalism", es: "Vandalismo", fr: "Vandalisme" },
      description: {
        pt: "Dano intencional a bens públicos ou privados.",
        en: "Deliberate damage to public or private property.",
        es: "Daño intencional a la propiedad pública o privada.",
        fr: "Dégâts volontaires à des biens publics ou privés.",
      },
    },
    {
      id: 3,
      symbol: "mdiPistol",
      active: false,
      name: { pt: "Tiroteio", en: "Shooting", es: "Balacera", fr: "Coups de feu" },
      description: {
        pt: "Foram ouvidos disparos de arma de fogo na região.",
        en: "Gunshots were heard in the area.",
        es: "Se escucharon disparos en el sector.",
        fr: "Des coups de feu ont été entendus dans le secteur.",
      },
    },
    {
      id: 4,
      symbol: "mdiAccountInjury",
      active: false,
      name: { pt: "Agressão", en: "Assault", es: "Agresión", fr: "Agression" },
      description: {
        pt: "Alguém foi agredido fisicamente.",
        en: "Someone was physically attacked.",
        es: "Alguien fue agredido físicamente.",
        fr: "Quelqu'un a été agressé physiquement.",
      },
    },
    {
      id: 31,
      symbol: "mdiBicycle",
      active: false,
      name: { pt: "Roubo de bicicleta", en: "Bicycle theft", es: "Robo de bicicleta", fr: "Vol de vélo" },
      description: {
        pt: "Uma bicicleta foi roubada.",
        en: "A bicycle was stolen.",
        es: "Robaron una bicicleta.",
        fr: "Un vélo a été volé.",
      },
    },
    {
      id: 34,
      symbol: "mdiPurse",
      active: false,
      name: { pt: "Furto por arrebatamento", en: "Snatch theft", es: "Lanzazo", fr: "Vol à l'arraché" },
      description: {
        pt: "Alguém arrancou uma bolsa ou um celular e fugiu.",
        en: "Someone snatched a bag or a phone and ran off.",
        es: "Alguien arrebató una cartera o un celular y huyó.",
        fr: "Quelqu'un a arraché un sac ou un téléphone et s'est enfui.",
      },
    },
    {
      id: 36,
      symbol: "mdiCashRemove",
      active: false,
      name: { pt: "Golpe", en: "Scam", es: "Estafa", fr: "Escroquerie" },
      description: {
        pt: "Alguém foi enganado para entregar dinheiro ou dados.",
        en: "Someone was tricked into handing over money or data.",
        es: "Alguien fue engañado para entregar dinero o datos.",
        fr: "Quelqu'un a été trompé pour remettre de l'argent ou des données.",
      },
    },
    {
      id: 37,
      symbol: "mdiAccountAlert",
      active: false,
      name: { pt: "Assédio", en: "Harassment", es: "Acoso", fr: "Harcèlement" },
      description: {
        pt: "Alguém está sendo assediado ou intimidado.",
        en: "Someone is being harassed or intimidated.",
        es: "Alguien está siendo acosado o intimidado.",
        fr: "Quelqu'un est harcelé ou intimidé.",
      },
    },
    {
      id: 39,
      symbol: "mdiTransmissionTower",
      active: false,
      name: { pt: "Furto de cabos", en: "Cable theft", es: "Robo de cables", fr: "Vol de câbles" },
      description: {
        pt: "Cabos de energia ou de telecomunicações foram furtados.",
        en: "Power or telecom cables were stolen.",
        es: "Robaron cables eléctricos o de telecomunicaciones.",
        fr: "Des câbles électriques ou de télécommunication ont été volés.",
      },
    },
  ]),
  ...category(CITY, [
    {
      id: 13,
      symbol: "mdiTree",
      name: { pt: "Poda de árvores", en: "Tree pruning", es: "Poda de árboles", fr: "Élagage d'arbres" },
      description: {
        pt: "Árvores ou galhos que precisam de poda.",
        en: "Trees or branches that need pruning.",
        es: "Árboles o ramas que necesitan poda.",
        fr: "Des arbres ou des branches à élaguer.",
      },
    },
    {
      id: 21,
      symbol: "mdiTrashCan",
      name: { pt: "Lixo", en: "Trash", es: "Microbasural", fr: "Dépôt d'ordures" },
      description: {
        pt: "Lixo acumulado ou descartado em local público.",
        en: "Trash piled up or dumped in a public place.",
        es: "Basura acumulada o botada en un lugar público.",
        fr: "Des ordures accumulées ou jetées dans un lieu public.",
      },
    },
    {
      id: 22,
      symbol: "mdiPostLamp",
      name: { pt: "Iluminação pública", en: "Street lights", es: "Luminarias", fr: "Éclairage public" },
      description: {
        pt: "Um poste de luz apagado, piscando ou danificado.",
        en: "A street light is off, flickering or damaged.",
        es: "Una luminaria apagada, intermitente o dañada.",
        fr: "Un lampadaire éteint, qui clignote ou endommagé.",
      },
    },
    {
      id: 23,
      symbol: "mdiStorefront",
      name: { pt: "Comércio ambulante", en: "Street trading", es: "Comercio ambulante", fr: "Vente ambulante" },
      description: {
        pt: "Vendedores ambulantes sem autorização.",
        en: "Street vendors selling without a permit.",
        es: "Vendedores ambulantes sin permiso.",
        fr: "Des vendeurs ambulants sans autorisation.",
      },
    },
    {
      id: 25,
      symbol: "mdiSignYield",
      name: { pt: "Placa de trânsito danificada", en: "Broken traffic sign", es: "Señal de tránsito dañada", fr: "Panneau de signalisation endommagé" },
      description: {
        pt: "Uma placa de trânsito danificada, caída ou ausente.",
        en: "A traffic sign is damaged, knocked over or missing.",
        es: "Una señal de tránsito dañada, caída o faltante.",
        fr: "Un panneau de signalisation endommagé, renversé ou manquant.",
      },
    },
    {
      id: 26,
      symbol: "mdiTrafficLight",
      name: { pt: "Semáforo com defeito", en: "Traffic light problem", es: "Falla de semáforo", fr: "Panne de feu tricolore" },
      description: {
        pt: "Um semáforo apagado ou funcionando mal.",
        en: "A traffic light is off or not working properly.",
        es: "Un semáforo apagado o funcionando mal.",
        fr: "Un feu tricolore éteint ou qui fonctionne mal.",
      },
    },
    {
      id: 24,
      symbol: "mdiSpray",
      name: { pt: "Pichação", en: "Graffiti", es: "Rayados", fr: "Graffitis" },
      description: {
        pt: "Pichações em muros ou em bens públicos.",
        en: "Graffiti or tags on walls or public property.",
        es: "Rayados en muros o en el mobiliario público.",
        fr: "Des graffitis ou des tags sur les murs ou le mobilier public.",
      },
    },
    {
      id: 28,
      symbol: "mdiTrafficCone",
      name: { pt: "Bueiro sem tampa", en: "No manhole cover", es: "Cámara sin tapa", fr: "Regard sans couvercle" },
      description: {
        pt: "Um bueiro aberto que oferece perigo a quem passa.",
        en: "An open manhole that puts passers-by at risk.",
        es: "Una cámara o alcantarilla abierta que es un peligro para los peatones.",
        fr: "Un regard ou une bouche d'égout ouvert qui met les passants en danger.",
      },
    },
    {
      id: 32,
      symbol: "mdiBusStop",
      name: { pt: "Ponto de ônibus deteriorado", en: "Worn bus stop", es: "Paradero en mal estado", fr: "Abribus en mauvais état" },
      description: {
        pt: "Um abrigo de ônibus danificado ou desgastado.",
        en: "A bus stop shelter that is damaged or worn out.",
        es: "Un paradero dañado o deteriorado.",
        fr: "Un abribus endommagé ou dégradé.",
      },
    },
    {
      id: 33,
      symbol: "mdiCarClock",
      name: { pt: "Veículo abandonado", en: "Abandoned vehicle", es: "Vehículo abandonado", fr: "Véhicule abandonné" },
      description: {
        pt: "Um veículo deixado na rua há muito tempo.",
        en: "A vehicle left on the street for a long time.",
        es: "Un vehículo dejado en la calle por mucho tiempo.",
        fr: "Un véhicule laissé dans la rue depuis longtemps.",
      },
    },
    {
      id: 29,
      symbol: "mdiCityVariant",
      name: { pt: "Outro problema urbano", en: "Other city issue", es: "Otro problema urbano", fr: "Autre problème urbain" },
      description: {
        pt: "Um problema urbano que não se encaixa em nenhum outro tipo.",
        en: "A city issue that fits no other type.",
        es: "Un problema urbano que no corresponde a ningún otro tipo.",
        fr: "Un problème urbain qui ne correspond à aucun autre type.",
      },
    },
  ]),
  ...category(COMMUNITY, [
    {
      id: 10,
      symbol: "mdiVolumeHigh",
      name: { pt: "Barulho excessivo", en: "Loud noises", es: "Ruidos molestos", fr: "Bruits gênants" },
      description: {
        pt: "Música alta, festas ou outros ruídos incômodos.",
        en: "Loud music, parties or other disturbing noise.",
        es: "Música fuerte, fiestas u otros ruidos molestos.",
        fr: "Musique forte, fêtes ou autres bruits gênants.",
      },
    },
    {
      id: 12,
      symbol: "mdiPaw",
      name: { pt: "Animal perdido", en: "Lost pet", es: "Mascota perdida", fr: "Animal perdu" },
      description: {
        pt: "Um animal de estimação perdido ou encontrado.",
        en: "A pet that is lost or has been found.",
        es: "Una mascota perdida o encontrada.",
        fr: "Un animal de compagnie perdu ou trouvé.",
      },
    },
    {
      id: 27,
      symbol: "mdiTestTube",
      name: { pt: "Teste", en: "Test", es: "Prueba", fr: "Test" },
      description: {
        pt: "Um relato de teste que não exige nenhuma ação.",
        en: "A test report that needs no action.",
        es: "Un reporte de prueba que no requiere ninguna acción.",
        fr: "Un signalement de test qui ne demande aucune action.",
      },
    },
    {
      id: 30,
      symbol: "mdiBullhorn",
      active: false,
      name: { pt: "Aviso", en: "Announcement", es: "Aviso", fr: "Avis" },
      description: {
        pt: "Notícias ou avisos para a vizinhança.",
        en: "News or notices for the neighbourhood.",
        es: "Noticias o avisos para los vecinos del sector.",
        fr: "Nouvelles ou avis pour les voisins du secteur.",
      },
    },
  ]),
  ...category(OUTAGES, [
    {
      id: 5,
      symbol: "mdiFlashOff",
      active: false,
      name: { pt: "Falta de energia", en: "Power outage", es: "Corte de luz", fr: "Coupure d'électricité" },
      description: {
        pt: "Não há energia elétrica na região.",
        en: "There is no electricity in the area.",
        es: "No hay electricidad en el sector.",
        fr: "Il n'y a pas d'électricité dans le secteur.",
      },
    },
    {
      id: 7,
      symbol: "mdiWaterOff",
      active: false,
      name: { pt: "Falta de água", en: "Water outage", es: "Corte de agua", fr: "Coupure d'eau" },
      description: {
        pt: "Não há água encanada na região.",
        en: "There is no running water in the area.",
        es: "No hay agua potable en el sector.",
        fr: "Il n'y a pas d'eau courante dans le secteur.",
      },
    },
    {
      id: 8,
      symbol: "mdiGasBurner",
      active: false,
      name: { pt: "Falta de gás", en: "Gas outage", es: "Corte de gas", fr: "Coupure de gaz" },
      description: {
        pt: "O fornecimento de gás encanado está interrompido.",
        en: "The piped gas supply is cut off.",
        es: "El suministro de gas de cañería está interrumpido.",
        fr: "L'approvisionnement en gaz de ville est interrompu.",
      },
    },
    {
      id: 9,
      symbol: "mdiWifiOff",
      active: false,
      name: { pt: "Queda de internet", en: "Internet outage", es: "Corte de internet", fr: "Coupure d'internet" },
      description: {
        pt: "O serviço de internet está fora do ar na região.",
        en: "Internet service is down in the area.",
        es: "El servicio de internet está caído en el sector.",
        fr: "Le service internet est interrompu dans le secteur.",
      },
    },
    {
      id: 35,
      symbol: "mdiPhoneOff",
      active: false,
      name: { pt: "Queda de telefonia", en: "Phone outage", es: "Corte de telefonía", fr: "Coupure de téléphone" },
      description: {
        pt: "As linhas telefônicas ou o sinal de celular estão fora do ar.",
        en: "Phone lines or mobile signal are down.",
        es: "Las líneas telefónicas o la señal de celular no funcionan.",
        fr: "Les lignes téléphoniques ou le réseau mobile ne fonctionnent pas.",
      },
    },
    {
      id: 38,
      symbol: "mdiTelevisionOff",
      active: false,
      name: { pt: "Queda de TV a cabo", en: "Cable TV outage", es: "Corte de TV cable", fr: "Coupure du câble" },
      description: {
        pt: "O serviço de TV a cabo está fora do ar.",
        en: "Cable TV service is down.",
        es: "El servicio de TV cable no funciona.",
        fr: "Le service de télévision par câble ne fonctionne pas.",
      },
    },
  ]),
];

/** Sign-up "security" preference group (SPEC §3): active emergency and crime types. */
export const SIGNUP_SECURITY_TYPE_IDS = [0, 1, 6, 11, 14, 17, 18, 19] as const;

/** Sign-up "city" preference group (SPEC §3): active city-issue types. */
export const SIGNUP_CITY_TYPE_IDS = [13, 21, 22, 24, 32, 33] as const;

const TYPE_BY_ID = new Map<number, ReportType>(REPORT_TYPES.map((type) => [type.id, type]));
const TYPE_BY_IMAGE = new Map<string, ReportType>(REPORT_TYPES.map((type) => [type.imageName, type]));

/** The built-in type with this id, or undefined when there is none. */
export function reportTypeById(id: number): ReportType | undefined {
  return TYPE_BY_ID.get(id);
}

/** The built-in type whose image file is `imageName`, or undefined (the image route's 404). */
export function reportTypeByImageName(imageName: string): ReportType | undefined {
  return TYPE_BY_IMAGE.get(imageName);
}

/** Where every report type image is served (SPEC §3 "base path"; §7 "a static address"), public. */
export const REPORT_TYPE_IMAGE_BASE = "/report-types/";

/** The image route's path parameter (an imageName such as type_0.svg). */
export const reportTypeImageParamsSchema = z.object({ imageName: z.string().max(80) });
/** An empty answer: the If-None-Match header named the resource's ETag. */
export const notModifiedSchema = z.unknown().describe("Not modified: If-None-Match named the image's ETag");

/** The root-relative address of a type's image (the portal's badges and pins; the API's `imageUrl`
 * puts the public origin before it). */
export function reportTypeImagePath(imageName: string): string {
  return `${REPORT_TYPE_IMAGE_BASE}${encodeURIComponent(imageName)}`;
}

/** The text for `lang` when it is pt, en, es or fr; any other language reads the English text. */
export function localizedName(value: Localized, lang: string): string {
  switch (lang) {
    case "pt":
      return value.pt;
    case "es":
      return value.es;
    case "fr":
      return value.fr;
    default:
      return value.en;
  }
}
