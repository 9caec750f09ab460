import { IMAGE_KINDS, localizedName, reportTypeById, type Asset, type AssetFields, type AssetListQuery, type AssetReportBody, type Language, type PublicAsset } from "@atalaya/shared";
import { type Actor, type CompanyScope } from "../auth/access.js";
import type { AppContext } from "../context.js";
import { AppError, notFound } from "../http/errors.js";
import { t } from "../http/texts.js";
import { checkUpload, fileStoreOf, insertStoredFile, withStoredFile, type RawUpload } from "../files/index.js";
import { createAssetReport } from "../reports/index.js";
import { reportTypeImageUrl } from "../catalogue/index.js";
import {
  activeCompanyTypeIds,
  assetCategories,
  assetsForSheet,
  companyNameOf,
  deleteAsset,
  findAsset,
  findAssetByUuid,
  insertAsset,
  listAssets,
  updateAsset,
} from "./asset.repository.js";
import { qrPng, qrSvg, renderQrSheet } from "./qr.js";

/** Most labels one printed sheet holds (42 pages of 12). */
export const SHEET_MAX_ASSETS = 500;

/** The link an asset's QR code holds: its public page on this portal. */
export const assetLink = (ctx: AppContext, uuid: string) => `${ctx.config.publicUrl}/a/${uuid}`;

/** A page of the company's assets (every member reads them) with the categories in use. */
export async function companyAssets(ctx: AppContext, scope: CompanyScope, q: AssetListQuery & { page: number; pageSize: number }) {
  const filter = { q: q.q || undefined, category: q.category || undefined, enabled: q.enabled === undefined ? undefined : q.enabled === "true" };
  const [{ assets, total }, categories] = await Promise.all([listAssets(ctx.db, scope, filter, q.page, q.pageSize), assetCategories(ctx.db, scope)]);
  return { assets, total, categories };
}

/** One asset of the company; 404 for another company's. */
export async function companyAsset(ctx: AppContext, scope: CompanyScope, id: number): Promise<Asset> {
  const asset = await findAsset(ctx.db, scope, id);
  if (!asset) throw notFound();
  return asset;
}

/** Creates an asset (company admins). */
export async function createAsset(ctx: AppContext, scope: CompanyScope, body: AssetFields): Promise<Asset> {
  return insertAsset(ctx.db, scope, body);
}

/** Replaces an asset's fields, enabling or disabling it (company admins). */
export async function editAsset(ctx: AppContext, scope: CompanyScope, id: number, body: AssetFields): Promise<Asset> {
  const asset = await updateAsset(ctx.db, scope, id, body);
  if (!asset) throw notFound();
  return asset;
}

/** Deletes an asset (company admins); its reports keep its category. */
export async function removeAsset(ctx: AppContext, scope: CompanyScope, id: number): Promise<void> {
  if (!(await deleteAsset(ctx.db, scope, id))) throw notFound();
}

/** The asset's QR code, PNG or SVG, with a file name naming the asset. */
export async function assetQr(ctx: AppContext, scope: CompanyScope, id: number, format: "png" | "svg"): Promise<{ filename: string; body: Buffer | string }> {
  const asset = await companyAsset(ctx, scope, id);
  const link = assetLink(ctx, asset.uuid);
  return { filename: `asset-${asset.id}-qr.${format}`, body: format === "png" ? await qrPng(link) : await qrSvg(link) };
}

/** A printable A4 PDF of the QR codes of the given assets (or every enabled one), each with its
 * category and description (company admins: it is what they stick on the assets). */
export async function assetSheet(ctx: AppContext, scope: CompanyScope, ids: number[] | undefined, lang: Language): Promise<Buffer> {
  const assets = await assetsForSheet(ctx.db, scope, ids, SHEET_MAX_ASSETS);
  if (ids && assets.length === 0) throw notFound();
  const labels = assets.map((a) => ({ link: assetLink(ctx, a.uuid), title: a.category, text: a.description, caption: `#${a.id}` }));
  return renderQrSheet(labels, `${t(lang, "exports:assets.heading")} · ${await companyNameOf(ctx.db, scope)}`);
}

// ── The public page ──

/** An asset as its public page shows it; 404 for an unknown uuid. A disabled asset is shown as such. */
export async function publicAsset(ctx: AppContext, uuid: string, lang: Language): Promise<PublicAsset> {
  const asset = await findAssetByUuid(ctx.db, uuid);
  if (!asset) throw notFound();
  const typeIds = asset.enabled ? await activeCompanyTypeIds(ctx.db, asset.companyId) : [];
  const types = typeIds.flatMap((id) => {
    const type = reportTypeById(id);
    return type && type.active ? [{ id, name: localizedName(type.nameLocalized, lang), imageName: type.imageName, imageUrl: reportTypeImageUrl(ctx.config.publicUrl, type.imageName) }] : [];
  });
  return {
    uuid: asset.uuid,
    category: asset.category,
    description: asset.description,
    customMessage: asset.customMessage,
    externalUrl: asset.externalUrl,
    enabled: asset.enabled,
    latitude: asset.latitude,
    longitude: asset.longitude,
    address: asset.address,
    companyName: asset.companyName,
    types,
  };
}

/** A citizen's report about an asset: 404 for an unknown uuid, 409 assetDisabled for a disabled asset,
 * 400 for a type the company does not attend; the optional photo (JPEG or PNG, judged by content)
 * is stored with the report. Located at the asset; only the asset's company attends it. */
export async function reportAboutAsset(
  ctx: AppContext,
  actor: Actor | null,
  uuid: string,
  read: () => Promise<{ data: AssetReportBody & { type: number; description: string }; file: RawUpload | null }>,
): Promise<{ id: number; uuid: string }> {
  const asset = await findAssetByUuid(ctx.db, uuid);
  if (!asset) throw notFound();
  if (!asset.enabled) throw new AppError(409, "conflict", "assetDisabled");
  const { data, file } = await read();
  if (!(await activeCompanyTypeIds(ctx.db, asset.companyId)).includes(data.type)) {
    throw new AppError(400, "validation", "Validation errors", [{ field: "type", code: "invalid_type" }]);
  }
  const request = {
    companyId: asset.companyId,
    asset: { id: asset.id, category: asset.category, latitude: asset.latitude, longitude: asset.longitude, address: asset.address },
    typeId: data.type,
    description: data.description,
    userId: actor?.user.id ?? null,
  };
  if (!file) return createAssetReport(ctx, { ...request, media: [] });
  const upload = await checkUpload(file, IMAGE_KINDS);
  return withStoredFile(fileStoreOf(ctx.config), upload, async (stored) => {
    const report = await createAssetReport(ctx, {
      ...request,
      media: [stored!.media],
      withReport: (tx, reportId) => insertStoredFile(tx, stored!, { kind: "report", reportId }),
    });
    return { value: report, fileUsed: true };
  });
}
