import { describe, expect, it } from "vitest";
import { findMentions, foldForMention } from "./mentions.js";

const members = [
  { id: 1, firstName: "Ana", lastName: "Paz" },
  { id: 2, firstName: "Ana", lastName: "Paz Rojas" },
  { id: 3, firstName: "José", lastName: "Muñoz" },
  { id: 4, firstName: "Pía", lastName: "Ortúzar" },
];

describe("findMentions", () => {
  it("finds a member by @ and full name, in any case and with or without accents", () => {
    expect(findMentions("Revisa esto @José Muñoz por favor", members)).toEqual([3]);
    expect(findMentions("@jose munoz", members)).toEqual([3]);
    expect(findMentions("@PÍA   ORTUZAR, mira", members)).toEqual([4]);
  });

  it("takes the longer of two names that both fit, and the shorter when only it fits", () => {
    expect(findMentions("@Ana Paz Rojas ya fue", members)).toEqual([2]);
    expect(findMentions("@Ana Paz ya fue", members)).toEqual([1]);
  });

  it("needs the name to end at a boundary and the @ not to follow a letter or digit", () => {
    expect(findMentions("@Ana Pazos", members)).toEqual([]);
    expect(findMentions("escribe a jose@José Muñoz", members)).toEqual([]);
    expect(findMentions("ana.paz@demo.cl", members)).toEqual([]);
    expect(findMentions("(@José Muñoz)", members)).toEqual([3]);
  });

  it("ignores a first name alone, unknown names and text without @", () => {
    expect(findMentions("@José", members)).toEqual([]);
    expect(findMentions("@Pedro Pérez", members)).toEqual([]);
    expect(findMentions("José Muñoz", members)).toEqual([]);
  });

  it("lists each member once, in the order first mentioned", () => {
    expect(findMentions("@Pía Ortúzar y @José Muñoz; otra vez @pia ortuzar", members)).toEqual([4, 3]);
  });
});

describe("foldForMention", () => {
  it("lowers, strips accents and collapses spaces", () => {
    expect(foldForMention("  Ñuñoa\t  ÁRBOL ")).toBe("nunoa arbol");
  });
});
