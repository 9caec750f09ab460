// The last step of `npm run bench`: one summary of every part's figures against its target, read from the
// result blocks the parts have just written into bench/README.md (between their markers), so a figure is
// printed exactly as it is recorded and a part that did not run shows its older date.
//
//   node bench/summary.mjs
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const README = join(dirname(fileURLToPath(import.meta.url)), "README.md");

/** Each result block of the README: its name, its first line (when and where it ran) and its table rows. */
export function resultBlocks(markdown) {
  const blocks = [];
  for (const match of markdown.matchAll(/<!-- bench:([a-z]+):start -->\n([\s\S]*?)<!-- bench:\1:end -->/g)) {
    const lines = match[2].trim().split("\n");
    const header = lines.findIndex((l) => l.startsWith("| Benchmark"));
    const rows = header < 0 ? [] : lines.slice(header + 2).filter((l) => l.startsWith("|")).map((l) => l.slice(1, -1).split(" | ").map((c) => c.trim()));
    blocks.push({ name: match[1], ran: lines[0], rows });
  }
  return blocks;
}

/** One line per benchmark: its name (up to its first parenthesis), figure, target and result. */
export function summaryText(blocks) {
  const out = [];
  for (const block of blocks) {
    out.push(`${block.name}: ${block.ran.split(";")[0]}`);
    for (const [name, figure, , target, result] of block.rows) {
      const short = name.replace(/\s*\(.*$/, "");
      out.push(`  ${short}: ${figure}${target ? ` — target ${target}: ${result}` : ""}`);
    }
  }
  return out.join("\n");
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(`\nSummary (bench/README.md)\n${summaryText(resultBlocks(readFileSync(README, "utf8")))}`);
}
