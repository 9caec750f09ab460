import { REPORT_TYPES, localizedName, type Priority, type ReportStatus } from "@atalaya/shared";
import type { Position } from "../zones/index.js";

/** The demo password of every demo login. */
export const DEMO_PASSWORD = "Atalaya2026";

export const DEMO_COMPANY = {
  name: "Municipalidad de Santiago — Seguridad Ciudadana",
  bound: { latitude: -33.4378, longitude: -70.6505 },
};
export const DEMO_SECOND_COMPANY = {
  name: "Junta de Vecinos Barrio Lastarria",
  bound: { latitude: -33.4376, longitude: -70.6397 },
};

/** A free (freemium) organisation: its members meet the upgrade prompt on groups and messages. */
export const DEMO_FREEMIUM_COMPANY = {
  name: "Comité Vecinal Villa Los Aromos",
  bound: { latitude: -33.4489, longitude: -70.6693 },
};

/** The provider's administrator (group 1, SPEC §6) and the freemium organisation's operator. */
export const DEMO_PROVIDER_ADMIN = { email: "proveedor@demo.cl", first: "Renata", last: "Lagos", groups: [1] };
export const DEMO_FREEMIUM_OPERATOR = { email: "vecinos@demo.cl", first: "Rodrigo", last: "Alarcón", groups: [3] };

/** Two zones in central Santiago, [lng, lat] rings. */
export const DEMO_ZONES: { name: string; ring: Position[] }[] = [
  {
    name: "Santiago Centro",
    ring: [
      [-70.6694, -33.4318],
      [-70.6402, -33.4331],
      [-70.6385, -33.4466],
      [-70.6551, -33.4512],
      [-70.6709, -33.4449],
    ],
  },
  {
    name: "Barrio Lastarria y Parque Forestal",
    ring: [
      [-70.6401, -33.4322],
      [-70.6298, -33.4335],
      [-70.6312, -33.4418],
      [-70.6392, -33.4425],
    ],
  },
];

export const DEMO_TEAMS = [
  { name: "Patrullaje-Norte", color: "#1677ff" },
  { name: "Patrullaje-Sur", color: "#52c41a" },
  { name: "Centro-Monitoreo", color: "#f54286" },
];

export const DEMO_TAGS = [
  { name: "Urgente", color: "#f5222d" },
  { name: "Reincidente", color: "#fa8c16" },
  { name: "Requiere seguimiento", color: "#1677ff" },
  { name: "Derivado a Carabineros", color: "#13c2c2" },
];

/** Saved replies operators pick while managing or closing reports. */
export const DEMO_ANSWERS = [
  { title: "Patrulla en camino", answer: "Recibimos tu reporte. Una patrulla municipal va en camino al lugar.", closure: false },
  { title: "Caso resuelto por patrulla", answer: "Gracias por tu reporte. Una patrulla municipal acudió al lugar y la situación quedó resuelta.", closure: true },
  { title: "Derivado a Carabineros", answer: "Tu reporte fue derivado a Carabineros de Chile, que tomará el procedimiento.", closure: true },
  { title: "Falta información", answer: "No pudimos ubicar la situación descrita. Si persiste, vuelve a reportarla con más detalles.", closure: true },
];

/** The demo logins. `restricted` limits one operator to a zone (index in DEMO_ZONES) and two report types
 * (SPEC §6), so what a restricted user does not see can be seen. */
export const DEMO_STAFF: {
  email: string;
  first: string;
  last: string;
  groups: number[];
  role: "company_admin" | "operator" | "patrol";
  restricted?: { zone: number; types: number[] };
}[] = [
  { email: "admin@demo.cl", first: "Camila", last: "Rojas", groups: [2], role: "company_admin" },
  { email: "operador@demo.cl", first: "Joaquín", last: "Muñoz", groups: [3], role: "operator" },
  { email: "operadora@demo.cl", first: "Valentina", last: "Soto", groups: [3], role: "operator" },
  { email: "patrulla@demo.cl", first: "Matías", last: "González", groups: [4], role: "patrol" },
  { email: "patrulla2@demo.cl", first: "Sofía", last: "Araya", groups: [4], role: "patrol" },
  { email: "patrulla3@demo.cl", first: "Tomás", last: "Fuentes", groups: [4], role: "patrol" },
  // Barrio Lastarria only, robberies (0) and suspicious activity (11) only.
  { email: "zona@demo.cl", first: "Ignacio", last: "Vera", groups: [3], role: "operator", restricted: { zone: 1, types: [0, 11] } },
];

/** Every demo login with who it is, as `npm start` prints them (the README's list): the staff of the demo
 * organisation, the freemium organisation's operator, the provider's administrator, and the patrols on
 * one row. Made from the lists the seed writes, so the two cannot differ. */
export function demoLogins(): { emails: string[]; who: string }[] {
  const typeName = (id: number) => localizedName(REPORT_TYPES.find((type) => type.id === id)!.nameLocalized, "en").toLowerCase();
  const staff = DEMO_STAFF.filter((s) => s.role !== "patrol").map((s) => ({
    emails: [s.email],
    who: s.restricted
      ? `operator restricted to ${DEMO_ZONES[s.restricted.zone]!.name} and to ${s.restricted.types.map(typeName).join(" and ")}`
      : s.role === "company_admin" ? "company admin" : "operator",
  }));
  return [
    ...staff,
    { emails: [DEMO_FREEMIUM_OPERATOR.email], who: `operator of ${DEMO_FREEMIUM_COMPANY.name}, a free (freemium) organisation: the upgrade prompt` },
    { emails: [DEMO_PROVIDER_ADMIN.email], who: "the provider's administrator: every organisation on /v3/companies" },
    { emails: DEMO_STAFF.filter((s) => s.role === "patrol").map((s) => s.email), who: "patrols (the app; npm run simulate drives them)" },
  ];
}

/** The demo logins as `npm start` and `npm run cluster` print them: a heading with the password, then one
 * line per login, aligned on the one-address rows (the patrols' row of three runs longer). */
export function demoLoginLines(): string[] {
  const logins = demoLogins();
  const width = Math.max(...logins.filter((l) => l.emails.length === 1).map((l) => l.emails[0]!.length));
  return [`Demo logins, password ${DEMO_PASSWORD}:`, ...logins.map((l) => `  ${l.emails.join(", ").padEnd(width)}  ${l.who}`)];
}

export const DEMO_NEIGHBOURS = [
  ["Francisca", "Díaz"],
  ["Benjamín", "Pérez"],
  ["Antonia", "Contreras"],
  ["Vicente", "Silva"],
  ["Isidora", "Martínez"],
  ["Tomás", "Sepúlveda"],
  ["Catalina", "Morales"],
  ["Agustín", "Fuentes"],
  ["Florencia", "Araya"],
  ["Cristóbal", "Espinoza"],
] as const;

export const STREETS = [
  "Av. Libertador Bernardo O'Higgins",
  "Huérfanos",
  "Agustinas",
  "Moneda",
  "Estado",
  "Ahumada",
  "San Antonio",
  "Merced",
  "José Miguel de la Barra",
  "Lastarria",
  "Santa Lucía",
  "Monjitas",
  "Mac Iver",
  "Teatinos",
  "Bandera",
  "Compañía de Jesús",
  "Santo Domingo",
  "Av. Vicuña Mackenna",
  "Carmen",
  "Portugal",
];

// What a neighbour would write for each report type (demo and simulated reports), so a report's text
// always fits its type.
export const DESCRIPTIONS_BY_TYPE: Record<number, readonly string[]> = {
  17: ["Hay un sujeto merodeando las casas y mirando por las ventanas.", "Necesito que pase una patrulla, hay gente extraña en el pasaje."],
  16: ["Persona inconsciente en la vereda, necesita asistencia urgente.", "Adulto mayor se cayó en la calle y no se puede levantar."],
  20: ["Humo saliendo de un local comercial, la gente está evacuando.", "Se está quemando un contenedor de basura junto a las casas."],
  0: ["Me robaron el celular en la esquina, el sujeto huyó corriendo hacia el norte.", "Le quitaron la mochila a un estudiante en el paradero."],
  1: ["Se llevaron un auto estacionado frente al edificio hace unos minutos.", "Dos sujetos forzando la puerta de un auto estacionado."],
  6: ["Entraron a la casa del vecino mientras no estaba, la puerta quedó abierta.", "Rompieron la reja y se llevaron cosas del patio."],
  11: ["Movimiento sospechoso de una camioneta sin patente dando vueltas a la cuadra.", "Personas probando las manillas de los autos estacionados."],
  14: ["Venta de drogas en la plaza todas las tardes, hay niños cerca.", "Grupo consumiendo en la entrada del pasaje."],
  15: ["Choque entre dos vehículos, hay un lesionado leve.", "Motociclista se cayó en la intersección, está consciente."],
  18: ["Pelea entre varias personas afuera del bar.", "Grupo rompiendo botellas en la calle pasada la medianoche."],
  19: ["Están clonando tarjetas en el cajero de la esquina.", "Un sujeto vende especies robadas en la feria."],
  2: ["Rayaron y rompieron los vidrios del paradero.", "Quebraron las luminarias de la plaza a pedradas."],
  3: ["Se escucharon varios disparos hacia el sector de la cancha.", "Disparos al aire desde un auto en movimiento."],
  4: ["Un hombre golpea a una mujer en plena calle.", "Agredieron a un conductor después de una discusión de tránsito."],
  31: ["Cortaron el candado y se llevaron una bicicleta del estacionamiento.", "Robaron una bicicleta infantil del antejardín."],
  34: ["Le arrebataron la cartera a una señora y el sujeto escapó en moto.", "Lanzazo en el semáforo: le sacaron el celular por la ventana del auto."],
  36: ["Llaman haciéndose pasar por el banco para pedir claves.", "Venden entradas falsas afuera del estadio."],
  37: ["Un hombre sigue a las estudiantes a la salida del colegio.", "Un conductor hace comentarios obscenos a las mujeres que esperan la micro."],
  39: ["Están cortando los cables del alumbrado en el pasaje.", "Sujetos en escalera sacando cables de cobre del poste."],
  13: ["Rama grande a punto de caer sobre el cableado.", "Árbol inclinado sobre la vereda después del temporal."],
  21: ["Microbasural acumulado hace días en la esquina, hay malos olores.", "Botaron escombros y colchones en el sitio eriazo."],
  22: ["Luminaria apagada, la cuadra queda completamente a oscuras.", "El foco del poste parpadea toda la noche."],
  23: ["Comercio ambulante bloqueando el paso en la vereda.", "Puestos instalados en la salida del metro, no se puede pasar."],
  25: ["La señal de pare está doblada y no se ve.", "Se cayó el letrero de ceda el paso en la esquina."],
  26: ["Semáforo intermitente, los autos no respetan el paso peatonal.", "El semáforo peatonal no da verde nunca."],
  24: ["Rayaron toda la fachada del consultorio durante la noche.", "Grafitis nuevos en el muro de la escuela."],
  28: ["Cámara sin tapa en plena vereda, alguien se puede caer.", "Se robaron la tapa del alcantarillado frente al jardín infantil."],
  32: ["El paradero no tiene techo y los asientos están rotos.", "Paradero sin vidrios, quedan trozos en el suelo."],
  33: ["Auto abandonado hace más de un mes, con vidrios rotos.", "Camioneta sin patentes estacionada hace semanas ocupando la ciclovía."],
  29: ["Hay un hoyo grande en la calzada que daña los autos.", "La vereda está levantada por las raíces y la gente tropieza."],
  10: ["Música a alto volumen pasada la medianoche.", "Fiesta con mucho ruido en el departamento del tercer piso."],
  12: ["Se perdió un perro quiltro café con collar rojo, responde a Toby.", "Gata gris perdida desde ayer, es muy asustadiza."],
  27: ["Reporte de prueba para revisar que las alertas lleguen.", "Prueba del botón de reporte desde la aplicación."],
  30: ["Aviso: mañana cortarán el tránsito por la feria libre.", "Aviso a los vecinos: reunión de la junta de vecinos el jueves."],
  5: ["Se cortó la luz en toda la cuadra hace una hora.", "Sin electricidad en el edificio, el ascensor quedó detenido."],
  7: ["No hay agua desde la mañana en todo el pasaje.", "Matriz rota, el agua corre por la calle y no llega a las casas."],
  8: ["Olor fuerte a gas en la escalera del edificio.", "Sin suministro de gas desde ayer en el sector."],
  9: ["Sin internet en todo el condominio desde anoche.", "El internet se corta cada pocos minutos en la cuadra."],
  35: ["No hay señal de celular en el sector desde ayer.", "Las líneas fijas del barrio no tienen tono."],
  38: ["Sin señal de televisión por cable en todo el edificio.", "Cortaron el cable de la televisión al podar los árboles."],
};

/** Deterministic pseudo-random numbers (mulberry32), so every fresh demo looks the same. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The priority and attention time the demo company gives each category. */
export const CATEGORY_ATTENTION: Record<number, { priority: Priority; time: number; unit: "minutes" | "hours" | "days" }> = {
  1: { priority: "highest", time: 15, unit: "minutes" },
  2: { priority: "high", time: 30, unit: "minutes" },
  3: { priority: "normal", time: 2, unit: "days" },
  4: { priority: "low", time: 1, unit: "days" },
  5: { priority: "lowest", time: 3, unit: "days" },
};

/** A description that fits a report of the type. */
export function describe(typeId: number, rnd: () => number): string {
  const texts = DESCRIPTIONS_BY_TYPE[typeId] ?? DESCRIPTIONS_BY_TYPE[29]!;
  return texts[Math.floor(rnd() * texts.length)]!;
}

/** Status mix of a month of work: recent reports still open, nothing older than three days left pending. */
export function statusFor(ageHours: number, rnd: () => number): ReportStatus {
  const x = rnd();
  if (ageHours < 6) return x < 0.65 ? "pending" : x < 0.9 ? "in_progress" : "in_observation";
  if (ageHours < 72) return x < 0.25 ? "pending" : x < 0.55 ? "in_progress" : x < 0.65 ? "in_observation" : x < 0.92 ? "solved" : "false";
  return x < 0.05 ? "in_progress" : x < 0.09 ? "in_observation" : x < 0.87 ? "solved" : "false";
}
