import { z } from "./zod.js";

// Issue 16's report fields (SPEC §3 workflow, sectionsUsers, optionalCode, extraInfo), apart from the
// forms module so the report schema carries them without importing the template schemas.

/** One answer a workflow form wrote back onto the report (components marked writesExtraInfo). */
export const reportExtraInfoSchema = z.object({ fieldKey: z.string(), label: z.string(), value: z.string() });
export type ReportExtraInfo = z.infer<typeof reportExtraInfoSchema>;

/** The report's form fields as one company sees them. */
export const reportFormFields = {
  /** The form template this company's reports of the type follow (the detail's "Formulario" tab);
   * null when the type has none. */
  workflow: z.number().nullable(),
  /** Section field key of the workflow form → the members who fill that section (others read it). */
  sectionsUsers: z.record(z.string(), z.array(z.number())),
  /** The code the workflow form wrote back (a component marked writesOptionalCode). */
  optionalCode: z.string().nullable(),
  /** The labelled answers the workflow form wrote back (components marked writesExtraInfo). */
  extraInfo: z.array(reportExtraInfoSchema).nullable(),
};
