import { describe, expect, it } from "vitest";
import { compoundFile, DOCX, JPEG, mp3, ODT, PDF, PNG, wav, zip } from "../test/sample-files.js";
import { FILE_NAME_PATTERN, cleanOriginalName, generateFileName } from "./file-store.js";
import { detectMediaType } from "./media-type.js";

const kind = async (buf: Buffer, name = "file.bin") => (await detectMediaType(buf, name))?.kind;

describe("detectMediaType (by content, SPEC §5)", () => {
  it("recognises images, documents and audio by their bytes, whatever the name says", async () => {
    expect(await kind(PNG, "informe.pdf")).toBe("png");
    expect(await kind(JPEG, "a.png")).toBe("jpeg");
    expect(await kind(PDF, "photo.jpg")).toBe("pdf");
    expect(await kind(wav(), "x.txt")).toBe("wav");
    expect(await kind(mp3(), "x")).toBe("mp3");
    expect(await kind(DOCX, "x.zip")).toBe("docx");
    expect(await kind(ODT)).toBe("odt");
    expect(await kind(zip({ "a.txt": "hola" }))).toBe("zip");
  });

  it("tells legacy Word, Excel and PowerPoint apart by the streams inside the compound file", async () => {
    expect(await kind(compoundFile("WordDocument"))).toBe("doc");
    expect(await kind(compoundFile("Workbook"))).toBe("xls");
    expect(await kind(compoundFile("PowerPoint Document"))).toBe("ppt");
    expect(await kind(compoundFile("Something Else"))).toBeUndefined();
  });

  it("accepts plain text (UTF-8 or single-byte) as txt, or csv by name, and refuses binary or empty content", async () => {
    expect(await detectMediaType(Buffer.from("hola, mundo\nñandú\n"), "notas.txt")).toMatchObject({ kind: "txt", mime: "text/plain; charset=utf-8" });
    expect(await detectMediaType(Buffer.from("a;b\r\n1;2\r\n"), "datos.CSV")).toMatchObject({ kind: "csv", ext: "csv" });
    expect(await detectMediaType(Buffer.from("a;b\nniño;1\n", "latin1"), "datos.csv")).toMatchObject({ mime: "text/csv; charset=windows-1252" });
    expect(await kind(Buffer.from([0x00, 0x01, 0x02, 0x03]), "x.txt")).toBeUndefined();
    expect(await kind(Buffer.alloc(0), "x.txt")).toBeUndefined();
    // GIF and executables are recognised and refused: not SPEC types.
    expect(await kind(Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), "x.gif")).toBeUndefined();
    expect(await kind(Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200)]), "x.txt")).toBeUndefined();
  });
});

describe("stored file names", () => {
  it("carry a timestamp and a 6-character random suffix", () => {
    const name = generateFileName("pdf", new Date("2026-11-22T15:30:12.345Z"));
    expect(name).toMatch(/^20261122T153012345Z-[a-z0-9]{6}\.pdf$/);
    expect(name).toMatch(FILE_NAME_PATTERN);
    expect(generateFileName("pdf")).not.toBe(generateFileName("pdf"));
  });

  it("keep only a safe display form of the sender's name", () => {
    expect(cleanOriginalName("C:\\Users\\ana\\informe año.pdf")).toBe("informe año.pdf");
    expect(cleanOriginalName("../../etc/passwd")).toBe("passwd");
    expect(cleanOriginalName("a\u0000b\nc.txt")).toBe("abc.txt");
    expect(cleanOriginalName(undefined)).toBeNull();
  });
});
