// What the benches share in printing their figures: a Markdown table, and the server's log read
// back as its JSON lines (a line that is not JSON is kept as `{level: "raw", message}`).
import { readFileSync } from "node:fs";

export function table(header, lines) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column].length)),
  );
  const row = (line) =>
    `| ${line.map((value, column) => value.padEnd(widths[column])).join(" | ")} |`;
  return [
    row(header),
    `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`,
    ...lines.map(row),
  ].join("\n");
}

export function readLog(logFile) {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter(Boolean)
    .flatMap((line) => {
      try {
        return [JSON.parse(line)];
      } catch {
        return [{ level: "raw", message: line.slice(0, 120) }];
      }
    });
}
