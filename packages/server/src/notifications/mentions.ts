// How a mention in a note is recognised (issue 12). A mention is "@" followed by a company member's full
// name, "First Last", written as it is or without accents, in any letter case, with any run of spaces
// between the words. The "@" starts the text or follows something that is not a letter, digit or "_"
// (so "ana@demo.cl" mentions nobody), and the name must end there: "@Ana Paz" does not mention "Ana Pa".
// When two members' names both fit ("Ana Paz" and "Ana Paz Rojas"), the longer one is meant.

/** A member who can be mentioned. */
export interface MentionCandidate {
  id: number;
  firstName: string;
  lastName: string;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Lower case, accents removed, whitespace runs as one space, trimmed. */
export function foldForMention(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/gu, " ")
    .trim();
}

/** The ids of the members the text mentions, each once, in the order first mentioned. */
export function findMentions(text: string, members: readonly MentionCandidate[]): number[] {
  if (!text.includes("@")) return [];
  const folded = foldForMention(text);
  // Longest names first, so the fuller of two names that both fit wins.
  const names = members
    .map((m) => ({ id: m.id, name: foldForMention(`${m.firstName} ${m.lastName}`) }))
    .filter((m) => m.name.length > 0)
    .sort((a, b) => b.name.length - a.name.length);
  const found: number[] = [];
  for (let i = folded.indexOf("@"); i !== -1; i = folded.indexOf("@", i + 1)) {
    if (i > 0 && WORD_CHAR.test(folded[i - 1]!)) continue;
    const rest = folded.slice(i + 1);
    const match = names.find(({ name }) => rest.startsWith(name) && (rest.length === name.length || !WORD_CHAR.test(rest[name.length]!)));
    if (match && !found.includes(match.id)) found.push(match.id);
  }
  return found;
}
