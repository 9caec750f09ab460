import { REPORT_CATEGORIES, REPORT_TYPES } from "@atalaya/shared";
import type { Db } from "../db/db.js";

/** Writes the built-in report categories and types; safe to run at every start (it upserts). */
export async function seedCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into report_categories (id, name_localized, position)
       select id, name_localized, position from jsonb_to_recordset($1::jsonb) as x(id int, name_localized jsonb, position int)
       on conflict (id) do update set name_localized = excluded.name_localized, position = excluded.position`,
      [JSON.stringify(REPORT_CATEGORIES.map((c) => ({ id: c.id, name_localized: c.nameLocalized, position: c.position })))],
    );
    await tx.query(
      `insert into report_types (id, category_id, active, name_localized, description_localized, image_name, view_data, color, position)
       select * from jsonb_to_recordset($1::jsonb) as x(id int, category_id int, active boolean, name_localized jsonb,
              description_localized jsonb, image_name text, view_data jsonb, color text, position int)
       on conflict (id) do update set category_id = excluded.category_id, active = excluded.active,
              name_localized = excluded.name_localized, description_localized = excluded.description_localized,
              image_name = excluded.image_name, view_data = excluded.view_data, color = excluded.color,
              position = excluded.position, updated_at = now()
        where (report_types.category_id, report_types.active, report_types.name_localized, report_types.description_localized,
               report_types.image_name, report_types.view_data, report_types.color, report_types.position)
          is distinct from (excluded.category_id, excluded.active, excluded.name_localized, excluded.description_localized,
               excluded.image_name, excluded.view_data, excluded.color, excluded.position)`,
      [
        JSON.stringify(
          REPORT_TYPES.map((t) => ({
            id: t.id,
            category_id: t.category_id,
            active: t.active,
            name_localized: t.nameLocalized,
            description_localized: t.descriptionLocalized,
            image_name: t.imageName,
            view_data: t.viewData,
            color: t.color,
            position: t.position,
          })),
        ),
      ],
    );
  });
}
