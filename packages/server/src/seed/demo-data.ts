import { REPORT_TYPES, type Priority, type ReportStatus } from "@atalaya/shared";
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
  { name: "Patrullaje Norte", color: "#1677ff" },
  { name: "Patrullaje Sur", color: "#52c41a" },
  { name: "Centro de Monitoreo", color: "#f54286" },
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
  // Barrio Lastarria only, robberies (0) and suspicious activity (11) only.
  { email: "zona@demo.cl", first: "Ignacio", last: "Vera", groups: [3], role: "operator", restricted: { zone: 1, types: [0, 11] } },
];

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

// A few real-sounding descriptions per category; the type name completes them.
const TEXTS: Record<number, string[]> = {
  1: [
    "Persona inconsciente en la vereda, necesita asistencia urgente.",
    "Se escuchan gritos de auxilio desde un edificio.",
    "Humo saliendo de un local comercial, la gente está evacuando.",
  ],
  2: [
    "Dos sujetos forzando la puerta de un auto estacionado.",
    "Me robaron el celular en la esquina, el sujeto huyó corriendo hacia el norte.",
    "Grupo de personas consumiendo en la plaza, hay niños cerca.",
    "Movimiento sospechoso de una camioneta sin patente dando vueltas a la cuadra.",
    "Choque entre dos vehículos, hay un lesionado leve.",
    "Pelea entre varias personas afuera del bar.",
  ],
  3: [
    "Rama grande a punto de caer sobre el cableado.",
    "Microbasural acumulado hace días en la esquina, hay malos olores.",
    "Luminaria apagada, la cuadra queda completamente a oscuras.",
    "Semáforo intermitente, los autos no respetan el paso peatonal.",
    "Cámara sin tapa en plena vereda, alguien se puede caer.",
    "Auto abandonado hace más de un mes, con vidrios rotos.",
  ],
  4: [
    "Música a alto volumen pasada la medianoche.",
    "Se perdió un perro quiltro café con collar rojo, responde a Toby.",
    "Fiesta con mucho ruido en el departamento del tercer piso.",
  ],
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

/** A description for a report of the type. */
export function describe(typeId: number, rnd: () => number): string {
  const type = REPORT_TYPES.find((t) => t.id === typeId);
  const texts = TEXTS[type?.category_id ?? 2] ?? TEXTS[2]!;
  return texts[Math.floor(rnd() * texts.length)]!;
}

/** Status mix of a month of work: recent reports still open, nothing older than three days left pending. */
export function statusFor(ageHours: number, rnd: () => number): ReportStatus {
  const x = rnd();
  if (ageHours < 6) return x < 0.65 ? "pending" : x < 0.9 ? "in_progress" : "in_observation";
  if (ageHours < 72) return x < 0.25 ? "pending" : x < 0.55 ? "in_progress" : x < 0.65 ? "in_observation" : x < 0.92 ? "solved" : "false";
  return x < 0.05 ? "in_progress" : x < 0.09 ? "in_observation" : x < 0.87 ? "solved" : "false";
}
