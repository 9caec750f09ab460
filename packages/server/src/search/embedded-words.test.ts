import { describe, expect, it } from "vitest";
import { closestWord, dictionaryWords } from "./embedded-words.js";

function dictionary(words: string[]) {
  const byTrigram = new Map<string, string[]>();
  for (const w of words) {
    const padded = `  ${w} `;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const t = padded.slice(i, i + 3);
      byTrigram.set(t, [...(byTrigram.get(t) ?? []), w]);
    }
  }
  return { byTrigram };
}

describe("the embedded database's search dictionary", () => {
  it("keeps the words migration 011 keeps: 3 to 30 letters or digits, not digits alone", () => {
    expect(dictionaryWords("robo en la esquina 1234 a3b luminaria")).toEqual(["robo", "esquina", "a3b", "luminaria"]);
  });

  it("corrects a misspelling to the most similar known word (pg_trgm similarity above 0.3)", () => {
    const d = dictionary(["luminaria", "lumbre", "robo", "ruido", "vecino"]);
    expect(closestWord(d, "lumnaria")).toBe("luminaria");
    expect(closestWord(d, "vecinoo")).toBe("vecino");
    // Two swapped letters share too few trigrams: pg_trgm does not match them either (0.27).
    expect(closestWord(d, "vecnio")).toBeNull();
    expect(closestWord(d, "xqzw")).toBeNull();
  });

  it("takes the first in alphabetical order among equally similar words", () => {
    const d = dictionary(["robob", "roboa"]);
    expect(closestWord(d, "robo")).toBe("roboa");
  });
});
