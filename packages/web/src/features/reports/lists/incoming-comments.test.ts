import { describe, expect, it } from "vitest";
import { addIncomingComment, toIncomingComment, type IncomingComment } from "./incoming-comments";
import { buildComment } from "../test-report";

describe("incoming comments", () => {
  it("keeps at most 100, newest first, dropping the oldest", () => {
    let list: readonly IncomingComment[] = [];
    for (let id = 1; id <= 130; id += 1) list = addIncomingComment(list, toIncomingComment(1, buildComment({ id, body: `Comentario ${id}` })));
    expect(list).toHaveLength(100);
    expect(list[0]?.id).toBe(130);
    expect(list.at(-1)?.id).toBe(31);
  });

  it("does not add the same comment twice: same id, or same body and author on the report", () => {
    const first = addIncomingComment([], toIncomingComment(1, buildComment({ id: 1 })));
    expect(addIncomingComment(first, toIncomingComment(1, buildComment({ id: 1 })))).toBe(first);
    expect(addIncomingComment(first, toIncomingComment(1, buildComment({ id: 2, body: "  Hay humo en la esquina " })))).toBe(first);
    expect(addIncomingComment(first, toIncomingComment(1, buildComment({ id: 3, user: { id: 51, name: "Otro" } })))).toHaveLength(2);
    expect(addIncomingComment(first, toIncomingComment(1, buildComment({ id: 4, body: "Otra cosa" })))).toHaveLength(2);
  });
});
