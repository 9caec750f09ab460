import { describe, expect, it } from "vitest";
import { commentAttachmentProblem, formatSize, kindOfName, mediaDisplay } from "./attachments";

describe("attachments", () => {
  it("accepts only pdf, txt and audio on comments, within the size limit", () => {
    expect(commentAttachmentProblem({ name: "parte.pdf", type: "application/pdf", size: 1000 })).toBeNull();
    expect(commentAttachmentProblem({ name: "nota.TXT", type: "text/plain", size: 10 })).toBeNull();
    expect(commentAttachmentProblem({ name: "llamada.m4a", type: "audio/mp4", size: 10 })).toBeNull();
    expect(commentAttachmentProblem({ name: "foto.jpg", type: "image/jpeg", size: 10 })).toBe("invalidType");
    expect(commentAttachmentProblem({ name: "script.exe", type: "application/pdf", size: 10 })).toBe("invalidType");
    expect(commentAttachmentProblem({ name: "grabacion", type: "audio/ogg", size: 10 })).toBeNull();
    expect(commentAttachmentProblem({ name: "grande.mp3", type: "audio/mpeg", size: 11 * 1024 * 1024 }, 10)).toBe("tooLarge");
  });

  it("classifies media for display", () => {
    expect(kindOfName("a.JPG")).toBe("jpeg");
    expect(mediaDisplay({ mime: "image/png", name: "x" })).toBe("image");
    expect(mediaDisplay({ mime: "application/octet-stream", name: "clip.mp4" })).toBe("video");
    expect(mediaDisplay({ mime: "audio/ogg", name: "x.ogg" })).toBe("audio");
    expect(mediaDisplay({ mime: "application/pdf", name: "x.pdf" })).toBe("file");
  });

  it("formats sizes from Bytes to YB with two decimals", () => {
    expect(formatSize(0)).toBe("0 Bytes");
    expect(formatSize(512)).toBe("512 Bytes");
    expect(formatSize(1536)).toBe("1.5 KB");
    expect(formatSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatSize(1234567)).toBe("1.18 MB");
  });
});
