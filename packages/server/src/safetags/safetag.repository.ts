import { randomBytes } from "node:crypto";
import type { Safetag, SafetagBatch, SafetagMessage, SafetagState } from "@atalaya/shared";
import type { TenantScope } from "../auth/access.js";
import { one, type Db, type Tx } from "../db/db.js";

// Crockford's base32 alphabet: no I, L, O or U, so a code read aloud or typed from a label is not misread.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new code: 10 random bytes (80 bits) as 16 base32 characters. */
export function newSafetagCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return out;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const BATCH_COLUMNS = `b.id, b.name, b.size, b.created_at as "createdAt",
  (select count(*)::int from safetags s where s.batch_id = b.id and s.state = 'linked') as linked,
  (select count(*)::int from safetags s where s.batch_id = b.id and s.state = 'disabled') as disabled`;
type BatchRow = Omit<SafetagBatch, "createdAt"> & { createdAt: Date | string };
const presentBatch = (r: BatchRow): SafetagBatch => ({ ...r, createdAt: iso(r.createdAt)! });

/** Creates a batch of `size` codes, each unique across every company (a clash, 1 in 2^80, is drawn again). */
export async function insertBatch(tx: Tx, scope: TenantScope, name: string, size: number, userId: number): Promise<number> {
  const batch = await one<{ id: number }>(tx, "insert into safetag_batches (company_id, name, size, created_by) values ($1, $2, $3, $4) returning id", [scope.companyId, name, size, userId]);
  let missing = size;
  while (missing > 0) {
    const codes = Array.from({ length: missing }, newSafetagCode);
    const inserted = await tx.query(
      `insert into safetags (company_id, batch_id, code) select $1, $2, c from unnest($3::text[]) c
       on conflict (code) do nothing returning id`,
      [scope.companyId, batch!.id, codes],
    );
    missing -= inserted.length;
  }
  return batch!.id;
}

/** The company's batches, newest first, with their linked and disabled counts. */
export async function listBatches(db: Db, scope: TenantScope): Promise<SafetagBatch[]> {
  return (await db.query<BatchRow>(`select ${BATCH_COLUMNS} from safetag_batches b where b.company_id = $1 order by b.id desc`, [scope.companyId])).map(presentBatch);
}

/** One batch of the company; undefined for another company's. */
export async function findBatch(db: Db, scope: TenantScope, id: number): Promise<SafetagBatch | undefined> {
  const row = await one<BatchRow>(db, `select ${BATCH_COLUMNS} from safetag_batches b where b.company_id = $1 and b.id = $2`, [scope.companyId, id]);
  return row && presentBatch(row);
}

type TagRow = {
  id: number;
  batch_id: number;
  code: string;
  name: string | null;
  state: SafetagState;
  user_id: number | null;
  user_name: string | null;
  email: string | null;
  phone: string | null;
  linked_at: Date | null;
  created_at: Date;
};
const TAG_COLUMNS = `s.id, s.batch_id, s.code, s.name, s.state, s.user_id, trim(u.first_name || ' ' || u.last_name) as user_name,
  u.email, u.phone, s.linked_at, s.created_at`;
const presentTag = (r: TagRow): Safetag => ({
  id: r.id,
  batchId: r.batch_id,
  code: r.code,
  name: r.name,
  state: r.state,
  user: r.user_id === null ? null : { id: r.user_id, name: r.user_name || "—" },
  linkedAt: iso(r.linked_at),
  contact: r.user_id === null ? null : { email: r.email, phone: r.phone },
  createdAt: iso(r.created_at)!,
});

/** The codes of one of the company's batches in creation order, optionally of one state. */
export async function listBatchTags(db: Db, scope: TenantScope, batchId: number, state?: SafetagState): Promise<Safetag[]> {
  const rows = await db.query<TagRow>(
    `select ${TAG_COLUMNS} from safetags s left join users u on u.id = s.user_id
      where s.company_id = $1 and s.batch_id = $2 and ($3::text is null or s.state = $3) order by s.id`,
    [scope.companyId, batchId, state ?? null],
  );
  return rows.map(presentTag);
}

/** One tag of the company; undefined for another company's. */
export async function findTag(db: Db, scope: TenantScope, id: number): Promise<Safetag | undefined> {
  const row = await one<TagRow>(db, `select ${TAG_COLUMNS} from safetags s left join users u on u.id = s.user_id where s.company_id = $1 and s.id = $2`, [scope.companyId, id]);
  return row && presentTag(row);
}

/** Unlinks a linked tag of the company; false when it is not linked (unlinked, disabled or missing). */
export async function unlinkCompanyTag(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  const rows = await db.query("update safetags set state = 'unlinked', user_id = null, linked_at = null where company_id = $1 and id = $2 and state = 'linked' returning id", [scope.companyId, id]);
  return rows.length === 1;
}

/** Disables a tag of the company for good (its owner, if any, is unlinked); false when already disabled or missing. */
export async function disableCompanyTag(db: Db, scope: TenantScope, id: number): Promise<boolean> {
  const rows = await db.query(
    "update safetags set state = 'disabled', user_id = null, linked_at = null, disabled_at = now() where company_id = $1 and id = $2 and state <> 'disabled' returning id",
    [scope.companyId, id],
  );
  return rows.length === 1;
}

// ── By code: the reporter app and the finder's page ──

/** A tag by its code with its company's name; undefined for an unknown code. */
export function tagByCode(db: Db, code: string): Promise<{ id: number; code: string; name: string | null; state: SafetagState; user_id: number | null; company_name: string } | undefined> {
  return one(db, "select s.id, s.code, s.name, s.state, s.user_id, c.name as company_name from safetags s join companies c on c.id = s.company_id where s.code = $1", [code]);
}

/** Links an unlinked tag (or relinks the user's own) to the user, in one step so two people scanning
 * the same label at once cannot both get it; false when the tag is disabled, someone else's, or unknown. */
export async function linkTag(db: Db, code: string, userId: number, name: string | null): Promise<boolean> {
  const rows = await db.query(
    `update safetags set state = 'linked', user_id = $2, linked_at = case when state = 'linked' then linked_at else now() end, name = coalesce($3, name)
      where code = $1 and (state = 'unlinked' or (state = 'linked' and user_id = $2)) returning id`,
    [code, userId, name],
  );
  return rows.length === 1;
}

/** The owner unlinks their tag; false when it is not linked to them. */
export async function unlinkOwnTag(db: Db, code: string, userId: number): Promise<boolean> {
  const rows = await db.query("update safetags set state = 'unlinked', user_id = null, linked_at = null where code = $1 and user_id = $2 and state = 'linked' returning id", [code, userId]);
  return rows.length === 1;
}

/** The tags linked to a user. */
export async function ownTags(db: Db, userId: number): Promise<{ code: string; name: string | null; state: SafetagState; linkedAt: string | null }[]> {
  const rows = await db.query<{ code: string; name: string | null; state: SafetagState; linked_at: Date | null }>(
    "select code, name, state, linked_at from safetags where user_id = $1 and state = 'linked' order by linked_at desc, id",
    [userId],
  );
  return rows.map((r) => ({ code: r.code, name: r.name, state: r.state, linkedAt: iso(r.linked_at) }));
}

/** Stores a finder's message for the tag's current owner, in one step with the check that the tag is
 * linked; false when it is not (anymore). */
export async function insertFinderMessage(db: Db, code: string, body: string, latitude: number | null, longitude: number | null): Promise<boolean> {
  const rows = await db.query(
    `insert into safetag_messages (safetag_id, owner_user_id, body, latitude, longitude)
     select id, user_id, $2, $3, $4 from safetags where code = $1 and state = 'linked' and user_id is not null returning id`,
    [code, body, latitude, longitude],
  );
  return rows.length === 1;
}

/** The finders' messages to a user, newest first (at most 100). */
export async function ownerMessages(db: Db, userId: number): Promise<SafetagMessage[]> {
  const rows = await db.query<{ id: number; code: string; tag_name: string | null; body: string; latitude: number | null; longitude: number | null; created_at: Date }>(
    `select m.id, s.code, s.name as tag_name, m.body, m.latitude, m.longitude, m.created_at
       from safetag_messages m join safetags s on s.id = m.safetag_id
      where m.owner_user_id = $1 order by m.id desc limit 100`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, code: r.code, tagName: r.tag_name, message: r.body, latitude: r.latitude, longitude: r.longitude, createdAt: iso(r.created_at)! }));
}
