import { imageUploadProblem } from "@atalaya/shared";
import { isApiError } from "../../../lib/api";

/** The SPEC §8 image upload errors, and the count limit of the photos field. */
export type ImageUploadError = "wrongType" | "tooBig" | "tooMany" | "unknown";

/** Why a picked file cannot be sent, before sending it (the server checks the content again): not a
 * JPEG or PNG, over the size limit, or past the report's image count. */
export function checkPickedImage(file: { name: string; type: string; size: number }, limits: { maxMb: number; room: number }): ImageUploadError | null {
  if (limits.room <= 0) return "tooMany";
  const problem = imageUploadProblem(file, limits.maxMb);
  if (problem === "invalidFileType") return "wrongType";
  if (problem === "fileTooLarge") return "tooBig";
  return null;
}

/** The error a failed upload shows: the server's refusals by code; anything else (no answer, a fault) unknown. */
export function imageUploadError(error: unknown): ImageUploadError {
  if (!isApiError(error)) return "unknown";
  if (error.code === "invalidFileType") return "wrongType";
  if (error.code === "fileTooLarge") return "tooBig";
  if (error.code === "tooManyImages") return "tooMany";
  return "unknown";
}
