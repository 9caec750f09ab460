import { deflateSync } from "node:zlib";
import { formTemplateBodySchema, type FormComponent } from "@atalaya/shared";
import { systemScope } from "../auth/access.js";
import { one, type Tx } from "../db/db.js";
import { insertCategory, insertSubmission, insertTemplate, setWorkflow } from "./form.repository.js";

// The demo's dynamic forms: an inspection checklist (sections, radio groups with a bulk default,
// a signature) and a report form that creates a "Microbasural" report, each with a few answers.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A drawn-looking signature (a damped wave) as a PNG data URL, different for each seed. */
export function demoSignature(seed: number): string {
  const w = 240;
  const h = 80;
  const pixels = Buffer.alloc((w * 4 + 1) * h);
  const plot = (x: number, y: number) => {
    for (let dx = 0; dx < 2; dx++)
      for (let dy = 0; dy < 2; dy++) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= w || py >= h) continue;
        const at = py * (w * 4 + 1) + 1 + px * 4;
        pixels[at] = 25;
        pixels[at + 1] = 30;
        pixels[at + 2] = 60;
        pixels[at + 3] = 255;
      }
  };
  for (let x = 10; x < w - 10; x += 0.25) plot(x, h / 2 + Math.sin((x + seed * 13) / (9 + seed)) * 22 * Math.exp(-(x - 10) / 260) + Math.cos(x / 4) * 3);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", deflateSync(pixels)), chunk("IEND", Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString("base64")}`;
}

const checks = (prefix: string, labels: string[]): FormComponent[] =>
  labels.map((label, i) => ({
    type: "radio" as const,
    fieldKey: `${prefix}-${i + 1}`,
    label,
    required: true,
    options: [
      { label: "Cumple", value: "cumple", percentage: 100 },
      { label: "No cumple", value: "no-cumple", percentage: 0, triggerIssue: true, extraValue: true, extraPlaceholder: "Describa el problema" },
      { label: "No aplica", value: "na" },
    ],
  }));

const INSPECTION: FormComponent[] = [
  { type: "textSection", fieldKey: "intro", label: "Revise cada punto en terreno y firme al terminar.", style: "info" },
  { type: "text", fieldKey: "inspector", label: "Inspector a cargo", required: true, maxLength: 80 },
  { type: "date", fieldKey: "fecha", label: "Fecha y hora de la inspección", dateKind: "datetime", required: true },
  { type: "dropdown", fieldKey: "sector", label: "Sector", advancedFilter: true, required: true, options: [{ label: "Centro", value: "centro" }, { label: "Barrio Yungay", value: "yungay" }, { label: "Parque Forestal", value: "forestal" }] },
  {
    type: "section",
    fieldKey: "luminarias",
    label: "Luminarias",
    children: [{ type: "bulkDefault", fieldKey: "luminarias-ok", label: "Marcar todo como «Cumple»", defaultValue: "cumple" }, ...checks("lum", ["Encendido nocturno", "Estado del poste", "Cableado protegido"])],
  },
  {
    type: "section",
    fieldKey: "veredas",
    label: "Veredas y señalética",
    collapsed: true,
    children: [{ type: "bulkDefault", fieldKey: "veredas-ok", label: "Marcar todo como «Cumple»", defaultValue: "cumple" }, ...checks("ver", ["Veredas sin desniveles", "Señales visibles"])],
  },
  { type: "numeric", fieldKey: "puntaje", label: "Evaluación general", enableRating: true },
  { type: "text", fieldKey: "observaciones", label: "Observaciones", rows: 3, maxLength: 1000 },
  { type: "images", fieldKey: "fotos", label: "Fotos", fileLimit: 3 },
  { type: "signature", fieldKey: "firma", label: "Firma del inspector", required: true },
];

const DUMP: FormComponent[] = [
  { type: "textSection", fieldKey: "titulo", label: "Denuncia de microbasural", style: "title" },
  { type: "dropdown", fieldKey: "tipo", label: "Tipo de residuo", advancedFilter: true, required: true, options: [{ label: "Domiciliario", value: "domiciliario" }, { label: "Escombros", value: "escombros" }, { label: "Voluminoso", value: "voluminoso" }] },
  {
    type: "dropdown",
    fieldKey: "detalle",
    label: "Detalle",
    dependsOn: "tipo",
    options: [
      { label: "Bolsas", value: "bolsas", parentValue: "domiciliario" },
      { label: "Restos de comida", value: "comida", parentValue: "domiciliario" },
      { label: "Ladrillos", value: "ladrillos", parentValue: "escombros" },
      { label: "Colchón", value: "colchon", parentValue: "voluminoso" },
      { label: "Muebles", value: "muebles", parentValue: "voluminoso" },
    ],
  },
  { type: "numeric", fieldKey: "volumen", label: "Volumen aproximado (m³)", numberKind: "decimal" },
  { type: "geolocation", fieldKey: "ubicacion", label: "Ubicación", required: true, changesReportLocation: true, previewAddress: true },
];

/** "Robo" in the catalogue: the demo's robbery reports follow ROBBERY_PROCEDURE. */
const ROBBERY_TYPE = 0;
const ROBBERY_PROCEDURE: FormComponent[] = [
  { type: "text", fieldKey: "parte", label: "N.º de parte policial", required: true, writesOptionalCode: true, placeholder: "Ej.: 4521-2026" },
  {
    type: "radio",
    fieldKey: "resultado",
    label: "Resultado del procedimiento",
    required: true,
    writesExtraInfo: true,
    options: [
      { label: "Sin novedad", value: "sin-novedad" },
      { label: "Especies recuperadas", value: "recuperadas" },
      { label: "Detenido entregado a Carabineros", value: "detenido" },
    ],
  },
  { type: "text", fieldKey: "relato", label: "Relato del operador", rows: 4, maxLength: 1000 },
  { type: "section", fieldKey: "cierre", label: "Cierre del supervisor", children: [{ type: "text", fieldKey: "veredicto", label: "Visto bueno del supervisor" }] },
];

/** Seeds the demo company's forms and answers (inside the demo seed's transaction). */
export async function seedDemoForms(tx: Tx, companyId: number, authors: { admin: number; operators: number[]; patrol: number }, now: Date): Promise<void> {
  const scope = systemScope(companyId);
  const category = await insertCategory(tx, scope, "Inspecciones", null);
  const sub = await insertCategory(tx, scope, "Alumbrado público", category.id);
  const city = await insertCategory(tx, scope, "Aseo y ornato", null);
  // A form selector list the checklist's predefined list offers.
  const selector = await one<{ id: number }>(
    tx,
    `insert into selector_lists (company_id, name, group_name, items) values ($1, 'Tipos de luminaria', 'Alumbrado', $2) returning id`,
    [companyId, JSON.stringify([{ name: "LED" }, { name: "Sodio" }, { name: "Halógena" }])],
  );
  const withList: FormComponent[] = [...INSPECTION.slice(0, 4), { type: "list", fieldKey: "tipo-luminaria", label: "Tipo de luminaria", selectorId: selector!.id, advancedFilter: true }, ...INSPECTION.slice(4)];
  const inspection = formTemplateBodySchema.parse({ title: "Checklist de inspección de luminarias", category: category.id, subcategory: sub.id, components: withList });
  const dump = formTemplateBodySchema.parse({ title: "Reporte de microbasural", category: city.id, reportType: 21, components: DUMP });
  const inspectionId = await insertTemplate(tx, scope, { ...inspection, components: withList }, authors.admin);
  const dumpId = await insertTemplate(tx, scope, { ...dump, components: DUMP }, authors.admin);
  // The procedure robbery reports follow (the report detail's "Formulario" tab): the police report's
  // number goes onto the report as its code, the outcome into its additional information, and the
  // closing section is the supervisor's.
  const procedure = formTemplateBodySchema.parse({ title: "Procedimiento por robo", category: category.id, components: ROBBERY_PROCEDURE });
  await setWorkflow(tx, scope, ROBBERY_TYPE, await insertTemplate(tx, scope, { ...procedure, components: ROBBERY_PROCEDURE }, authors.admin));

  const sectors = ["centro", "yungay", "forestal"];
  const inspectors = ["Joaquín Muñoz", "Valentina Soto", "Matías González"];
  for (let i = 0; i < 4; i++) {
    const author = i === 2 ? authors.patrol : authors.operators[i % authors.operators.length]!;
    const when = new Date(now.getTime() - (i + 1) * 26 * 3600_000);
    const failed = i === 1;
    const values: Record<string, unknown> = {
      inspector: inspectors[i % inspectors.length],
      fecha: when.toISOString(),
      sector: sectors[i % sectors.length],
      "tipo-luminaria": i % 2 ? "Sodio" : "LED",
      "lum-1": "cumple",
      "lum-2": failed ? "no-cumple" : "cumple",
      "lum-3": "cumple",
      "ver-1": i === 3 ? "na" : "cumple",
      "ver-2": "cumple",
      puntaje: failed ? 3 : 5,
      observaciones: failed ? "Poste con óxido en la base, se solicita mantención." : "Sin observaciones.",
      firma: demoSignature(i + 1),
    };
    const id = await insertSubmission(tx, scope, { templateId: inspectionId, version: 1, values, extras: failed ? { "lum-2": "Óxido en la base del poste 14" } : {}, authorId: author, via: i === 2 ? "app" : "portal", linkId: null });
    await tx.query("update form_submissions set created_at = $3 where company_id = $1 and id = $2", [companyId, id, when]);
  }
  const points = [
    { lat: -33.4372, lng: -70.6506, address: "Santo Domingo 1020, Santiago" },
    { lat: -33.4415, lng: -70.6588, address: "Agustinas 2150, Santiago" },
  ];
  for (const [i, p] of points.entries()) {
    // On earlier days (26 h and more ago: before today's midnight in any time zone), so an activity on this
    // form scheduled today starts with its period to do, whatever the hour of the seed.
    const when = new Date(now.getTime() - (i + 1) * 26 * 3600_000);
    const values = i === 0 ? { tipo: "voluminoso", detalle: "colchon", volumen: 1.5, ubicacion: p } : { tipo: "escombros", detalle: "ladrillos", volumen: 3, ubicacion: p };
    // The report the answer created: the newest seeded report of that type, if any (the seed's own).
    const report = await one<{ id: number }>(tx, "select r.id from reports r join report_attentions a on a.report_id = r.id and a.company_id = $1 where r.type_id = 21 order by r.id desc offset $2 limit 1", [companyId, i]);
    const id = await insertSubmission(tx, scope, { templateId: dumpId, version: 1, values, extras: {}, authorId: authors.operators[i % authors.operators.length]!, via: "portal", linkId: null });
    await tx.query("update form_submissions set created_at = $3, report_id = $4 where company_id = $1 and id = $2", [companyId, id, when, report?.id ?? null]);
  }
}
