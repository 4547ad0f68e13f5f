// The JavaScript linter's rules for every front-end file under teachgames/ (ESLint 9,
// flat config). It imports nothing, so it works wherever ESLint itself is installed
// (tests/widgets/test_frontend_checks.py runs it from artifacts/node; .ci/run installs
// it there). The rules are ESLint's "recommended" set written out, plus a few that keep
// modern, plain code; the widgets' own modules are held to a size a reader can hold.

const RECOMMENDED = [
  "constructor-super", "for-direction", "getter-return", "no-async-promise-executor",
  "no-case-declarations", "no-class-assign", "no-compare-neg-zero", "no-cond-assign",
  "no-const-assign", "no-constant-binary-expression", "no-constant-condition",
  "no-control-regex", "no-debugger", "no-delete-var", "no-dupe-args", "no-dupe-class-members",
  "no-dupe-else-if", "no-dupe-keys", "no-duplicate-case", "no-empty", "no-empty-character-class",
  "no-empty-pattern", "no-empty-static-block", "no-ex-assign", "no-extra-boolean-cast",
  "no-fallthrough", "no-func-assign", "no-global-assign", "no-import-assign", "no-invalid-regexp",
  "no-irregular-whitespace", "no-loss-of-precision", "no-misleading-character-class",
  "no-new-native-nonconstructor", "no-nonoctal-decimal-escape", "no-obj-calls", "no-octal",
  "no-prototype-builtins", "no-redeclare", "no-regex-spaces", "no-self-assign", "no-setter-return",
  "no-shadow-restricted-names", "no-sparse-arrays", "no-this-before-super", "no-undef",
  "no-unexpected-multiline", "no-unreachable", "no-unsafe-finally", "no-unsafe-negation",
  "no-unsafe-optional-chaining", "no-unused-labels", "no-unused-private-class-members",
  "no-unused-vars", "no-useless-backreference", "no-useless-catch", "no-useless-escape",
  "no-with", "require-yield", "use-isnan", "valid-typeof",
];

const readonly = (names) => Object.fromEntries(names.map((n) => [n, "readonly"]));
// What the browser (a page, a widget in JupyterLab, a web worker) gives every script.
const BROWSER = readonly([
  "window", "document", "location", "history", "navigator", "console", "performance",
  "sessionStorage", "localStorage", "fetch", "URL", "URLSearchParams", "Blob", "Event",
  "CustomEvent", "MutationObserver", "NodeFilter", "Highlight", "speechSynthesis", "SpeechSynthesisUtterance", "AbortController", "TextDecoder", "TextEncoder",
  "setTimeout", "clearTimeout", "setInterval", "clearInterval", "requestAnimationFrame",
  "queueMicrotask", "structuredClone", "CSS", "Node", "HTMLElement", "Worker", "crypto",
  "self", "postMessage", "importScripts", "atob", "btoa", "SharedArrayBuffer", "Atomics",
]);
const NODE = readonly(["process", "Buffer", "console"]);

export default [
  {
    files: ["teachgames/**/*.js", "teachgames/**/*.mjs"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: BROWSER },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      ...Object.fromEntries(RECOMMENDED.map((rule) => [rule, "error"])),
      eqeqeq: ["error", "smart"],
      "no-var": "error",
      "no-implicit-globals": "error",
      "no-unused-vars": ["error", { ignoreRestSiblings: true }],
    },
  },
  {
    // a web worker answers its page by setting its global onmessage
    files: ["teachgames/site/page/worker.mjs"],
    languageOptions: { globals: { ...BROWSER, onmessage: "writable" } },
  },
  {
    // run by Node, not a browser: the site's bytecode compiler
    files: ["teachgames/site/compile.mjs"],
    languageOptions: { globals: { ...BROWSER, ...NODE } },
  },
  {
    // every widget's own front end (the games, the lesson activity, the position editor, practice,
    // the teacher's dashboard, the join form, the repeat control): functions a reader can hold
    files: [
      "teachgames/widgets/static/game.js", "teachgames/widgets/static/activity.js", "teachgames/widgets/static/dom.js",
      "teachgames/widgets/static/editor.js", "teachgames/practice/static/practice.js", "teachgames/classroom/static/dashboard.js",
      "teachgames/classroom/static/joinform.js", "teachgames/experiments/static/repeat.js",
    ],
    rules: {
      "prefer-const": "error",
      "no-shadow": "error",
      complexity: ["error", 16],
      "max-depth": ["error", 3],
      "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }],
      "max-params": ["error", 4],
    },
  },
];
