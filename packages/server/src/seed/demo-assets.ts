import type { Tx } from "../db/db.js";
import { newSafetagCode } from "../safetags/index.js";

// Demo assets with QR codes and a batch of safe tags (issue 17).

const DEMO_ASSETS = [
  { category: "Luminaria", description: "Poste de luz frente a la Catedral", tags: ["alumbrado", "plaza"], lat: -33.4378, lng: -70.6504, address: "Plaza de Armas, costado norte" },
  { category: "Luminaria", description: "Farol del Paseo Ahumada con Huérfanos", tags: ["alumbrado"], lat: -33.4395, lng: -70.6507, address: "Paseo Ahumada 180" },
  { category: "Mobiliario urbano", description: "Banca de la pileta del Parque Forestal", tags: ["parque"], lat: -33.4358, lng: -70.6428, address: "Parque Forestal" },
  { category: "Paradero", description: "Paradero PA433 de Alameda", tags: ["transporte"], lat: -33.4446, lng: -70.6512, address: "Av. Libertador Bernardo O'Higgins 1100" },
  { category: "Juegos infantiles", description: "Columpios del Cerro Santa Lucía", tags: ["parque", "niños"], lat: -33.4405, lng: -70.6436, address: "Cerro Santa Lucía", enabled: false },
];

/** A few assets of the company (one disabled, one with a report sent through its page) and a batch of
 * safe tags with one linked to a neighbour. */
export async function seedAssetsAndSafetags(tx: Tx, companyId: number, adminId: number, neighbourId: number): Promise<void> {
  const assetIds: number[] = [];
  for (const a of DEMO_ASSETS) {
    const rows = await tx.query<{ id: number }>(
      `insert into assets (company_id, category, description, custom_message, external_url, tags, enabled, latitude, longitude, address)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        companyId,
        a.category,
        a.description,
        `Gracias por ayudarnos a cuidar este espacio. Si ves algo fuera de lugar en «${a.description}», cuéntanos aquí.`,
        "https://www.munistgo.cl",
        a.tags,
        a.enabled ?? true,
        a.lat,
        a.lng,
        a.address,
      ],
    );
    assetIds.push(rows[0]!.id);
  }
  // The newest report in the centre came through the first asset's page.
  await tx.query(
    `update reports set asset_id = $1, asset_category_name = $2
      where id = (select r.id from reports r join report_attentions a on a.report_id = r.id and a.company_id = $3
                   order by r.created_at desc limit 1)`,
    [assetIds[0], DEMO_ASSETS[0]!.category, companyId],
  );

  const batch = await tx.query<{ id: number }>("insert into safetag_batches (company_id, name, size, created_by) values ($1, $2, 12, $3) returning id", [
    companyId,
    "Llaveros vecinos 2026",
    adminId,
  ]);
  const codes = Array.from({ length: 12 }, newSafetagCode);
  await tx.query("insert into safetags (company_id, batch_id, code) select $1, $2, unnest($3::text[])", [companyId, batch[0]!.id, codes]);
  await tx.query("update safetags set state = 'linked', user_id = $2, name = 'Llaves de la casa', linked_at = now() - interval '3 days' where code = $1", [codes[0], neighbourId]);
  await tx.query("update safetags set state = 'disabled', disabled_at = now() - interval '1 day' where code = $1", [codes[11]]);
}
