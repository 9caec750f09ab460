import { MODULES, type ModuleName } from "@atalaya/shared";

/** A translation function, as react-i18next's `t` (only the call this module makes). */
type Translate = (key: `modules.${ModuleName}`) => string;

/** Whether the API's module string is one of SPEC §6's modules. */
function isModuleName(name: string): name is ModuleName {
  return (MODULES as readonly string[]).includes(name);
}

/** A company module as the reader's language names it ("Historial" for `history`); a name the portal
 * does not know (a module newer than this build) is shown as the API sends it rather than hidden. */
export function moduleName(t: Translate, name: string): string {
  return isModuleName(name) ? t(`modules.${name}`) : name;
}

/** The SPEC §6 modules as picker options (value: the stored name), in the reader's language and order. */
export function moduleOptions(t: Translate, lang: string): { value: ModuleName; label: string }[] {
  return MODULES.map((value) => ({ value, label: t(`modules.${value}`) })).sort((a, b) => a.label.localeCompare(b.label, lang));
}
