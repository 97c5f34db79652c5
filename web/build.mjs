// Builds the page template the game fills in (game/flows/web_template.html): the
// page's code bundled and minified by esbuild and its style, inlined in src/page.html.
import { build } from "esbuild";
import { readFileSync, writeFileSync } from "node:fs";

const here = new URL(".", import.meta.url);
const out = await build({
  entryPoints: [new URL("src/main.js", here).pathname],
  bundle: true,
  minify: true,
  format: "iife",
  target: ["chrome111", "firefox113", "safari16.4"],
  write: false,
  legalComments: "none",
});
const script = out.outputFiles[0].text.trim().replace(/<\//g, "<\\/");
const style = readFileSync(new URL("src/style.css", here), "utf8").trim();
const page = readFileSync(new URL("src/page.html", here), "utf8")
  .replace("/*STYLE*/", () => style)
  .replace("/*SCRIPT*/", () => script);
const target = process.argv[2] || new URL("../game/flows/web_template.html", here).pathname;
writeFileSync(target, page);
