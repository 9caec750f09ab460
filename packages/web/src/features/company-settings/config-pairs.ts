import { NUMERIC_CONFIG_NAMES, isNumericSetting } from "@atalaya/shared";

export type ConfigProblem = "nameRequired" | "duplicate" | "notNumeric";

/** What is wrong with each config pair, by index (undefined: nothing): the same rules as the API
 * (a name, no repeated names, numbers as SPEC §5 for the numeric names). */
export function configProblems(pairs: readonly { name: string; value: string }[]): ({ field: "name" | "value"; problem: ConfigProblem } | undefined)[] {
  const seen = new Set<string>();
  return pairs.map((pair) => {
    const name = pair.name.trim();
    if (!name) return { field: "name", problem: "nameRequired" };
    if (seen.has(name)) return { field: "name", problem: "duplicate" };
    seen.add(name);
    if (NUMERIC_CONFIG_NAMES.includes(name) && !isNumericSetting(pair.value.trim())) return { field: "value", problem: "notNumeric" };
    return undefined;
  });
}
