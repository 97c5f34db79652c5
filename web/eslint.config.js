import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser, ...globals.node } },
    rules: {
      "no-restricted-properties": ["error",
        { property: "innerHTML", message: "replay text is set as text, never as HTML" },
        { property: "outerHTML", message: "replay text is set as text, never as HTML" }],
      "no-restricted-syntax": ["error", { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: "never HTML" }],
      "no-eval": "error",
      "no-implied-eval": "error",
      "no-new-func": "error",
    },
  },
];
