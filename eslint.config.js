// ESLint (flat config) of the browser scripts; tests/test_js.py runs `npx eslint`.
//   bazaar/web/static/table/*.js        the table page: ES modules
//   bazaar/web/static/*.js, board.js    classic scripts that share globals (types/globals.d.ts)
//   bazaar/web/static/sw.js             the service worker (a classic script of its own)
import js from "@eslint/js";
import globals from "globals";

const bazaarGlobals = {
  Bazaar: "readonly",
  BazaarUI: "readonly",
  BazaarSvg: "readonly",
  BazaarMotion: "readonly",
  BazaarRenderers: "readonly",
};

const rules = {
  ...js.configs.recommended.rules,
  "no-unused-vars": ["error", {args: "none", caughtErrors: "none"}],
  "eqeqeq": ["error", "smart"],
  "no-var": "error",
  "prefer-const": "error",
};

export default [
  {ignores: ["node_modules/", "build/", "dist/", ".venv/", "docs/"]},
  {
    files: ["bazaar/web/static/table/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: {...globals.browser, ...bazaarGlobals},
    },
    rules,
  },
  {
    files: ["bazaar/web/static/*.js", "bazaar/games/*/static/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: {...globals.browser, ...bazaarGlobals},
    },
    rules: {...rules, "strict": ["error", "function"]},
  },
  {
    files: ["bazaar/web/static/sw.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: {...globals.serviceworker},
    },
    rules: {...rules, "strict": ["error", "global"]},
  },
  {
    files: ["examples/**/*.js"],
    languageOptions: {ecmaVersion: 2022, sourceType: "script", globals: globals.node},
    rules,
  },
  {
    files: ["eslint.config.js"],
    languageOptions: {ecmaVersion: 2022, sourceType: "module"},
    rules,
  },
];
