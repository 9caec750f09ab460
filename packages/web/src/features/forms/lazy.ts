// The forms' pieces other screens show inside theirs, each loaded when first drawn: they bring every
// field type's code.

/** A filled form, read-only or editable (the report-life card). */
export const loadFormRenderer = () => import("./form-renderer");

/** The report's form tab (the report detail). */
export const loadReportFormTab = () => import("./report-form-tab");
