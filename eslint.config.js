import js from "@eslint/js";
import vitest from "@vitest/eslint-plugin";
import checkFile from "eslint-plugin-check-file";
import reactHooks from "eslint-plugin-react-hooks";
import testingLibrary from "eslint-plugin-testing-library";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      ".scratch/",
      "build/",
      "dist/",
      "data/",
      ".react-router/",
      "screenshots/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  // Type-aware rules: every linted file is read with the types its own tsconfig gives it
  // (tsconfig.json's references: web, server, then tooling for tests, scripts and root configs).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // A promise nobody awaits fails with nobody told; a promise where a function returning
      // nothing is expected (an event handler, a callback) the same.
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
    },
  },
  {
    // Still to fix: these rules found code that is typed too loosely (`any` from JSON or a
    // client without the schema's types, mocks of fetch, methods passed unbound) rather than a
    // fault, and they warn until it is typed. Counts when typed lint came in (312 in 86 files):
    // no-unsafe-* 175, require-await 54, no-base-to-string 52, unbound-method 16,
    // no-unsafe-enum-comparison 7, only-throw-error 5, await-thenable 3. Fixing a file's
    // warnings is welcome in any change that touches it; each rule goes back to an error once
    // it has none left (no-unsafe-enum-comparison has; 103 warnings remain in the others).
    rules: {
      "@typescript-eslint/no-unsafe-argument": "warn",
      "@typescript-eslint/no-unsafe-assignment": "warn",
      "@typescript-eslint/no-unsafe-call": "warn",
      "@typescript-eslint/no-unsafe-member-access": "warn",
      "@typescript-eslint/no-unsafe-return": "warn",
      "@typescript-eslint/require-await": "warn",
      "@typescript-eslint/no-base-to-string": "warn",
      "@typescript-eslint/unbound-method": "warn",
      "@typescript-eslint/only-throw-error": "warn",
      "@typescript-eslint/await-thenable": "warn",
    },
  },
  {
    // The scripts are plain JavaScript, read with types (tsconfig.tooling.json, allowJs) so that
    // a promise left floating or passed where nothing awaits it is still found. With no
    // annotations, whatever comes from JSON, a response or a loosely built object is `any` or a
    // union of everything its literal holds: these rules would flag the language, not a fault.
    // The code under src/ declares its types (JSDoc in its few .js files) and keeps them all.
    files: ["scripts/**/*.mjs", "tests/**/*.mjs"],
    rules: {
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/restrict-template-expressions": "off",
      "@typescript-eslint/no-base-to-string": "off",
      // A callback's error (autocannon's, realtime-js's) is typed `any` there, not Error.
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingAny: true }],
    },
  },
  {
    // The embedded database's thread sends back whatever a statement threw, and the caller gets
    // it as thrown there (revive): not always an Error, on purpose.
    files: ["src/server/db/pglite.ts"],
    rules: {
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingUnknown: true }],
    },
  },
  {
    // The lint and dependency-cruiser configs: no tsconfig covers them.
    files: ["*.{js,cjs}"],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // One way to say what was thrown: errorMessage (src/shared) for a line a person reads,
    // errorForLog (src/server/log.ts) for the log, with the stack.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/shared/error-message.ts", "src/server/log.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "ConditionalExpression[test.operator='instanceof'][test.right.name='Error'][consequent.property.name='message']",
          message: "Use errorMessage(error) from src/shared/error-message.ts, or errorForLog.",
        },
      ],
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: { ...globals.node } },
  },
  {
    files: ["src/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The front end and the server meet only in src/shared.
    files: ["src/web/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**"],
              message: "The site may import src/shared, never src/server.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/server/**/*.ts", "src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/web/**", "react", "react-*"],
              message: "The server may import src/shared, never the site.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/web/**", "**/server/**", "node:*"],
              message: "src/shared holds isomorphic code only.",
            },
          ],
        },
      ],
    },
  },
  {
    // One way to name a file or folder: kebab-case, so `user.ts` and `User.ts` cannot both exist
    // and every import reads the same (`entry.client.tsx`, `*.test.ts`: middle extensions).
    files: ["src/**/*.{ts,tsx,js}", "scripts/**/*.{mjs,js,cjs}", "tests/**/*.{ts,tsx,mjs}"],
    plugins: { "check-file": checkFile },
    rules: {
      "check-file/filename-naming-convention": [
        "error",
        { "**/*.{ts,tsx,js,mjs,cjs}": "KEBAB_CASE" },
        { ignoreMiddleExtensions: true },
      ],
      "check-file/folder-naming-convention": ["error", { "{src,scripts,tests}/**/": "KEBAB_CASE" }],
    },
  },
  {
    // The Vitest suites (the browser suites are Playwright's, with their own expect).
    files: ["src/**/*.test.{ts,tsx}", "tests/{contract,process,prerender,support}/**/*.ts"],
    plugins: { vitest },
    rules: {
      ...vitest.configs.recommended.rules,
      // A test that asserts nothing, or asserts only on one branch, passes whatever happens.
      "vitest/no-conditional-expect": "error",
      // expect(value, "what was checked") is Vitest's own message argument.
      "vitest/valid-expect": ["error", { maxArgs: 2 }],
      // A suite's setup may check what it set up: a failed check there fails the suite.
      "vitest/no-standalone-expect": [
        "error",
        { additionalTestBlockFunctions: ["beforeAll", "beforeEach"] },
      ],
    },
  },
  {
    // Unawaited findBy and waitFor, needless act(), side effects inside waitFor: each a test
    // that passes before the page has done what it checks.
    files: ["src/web/**/*.test.tsx"],
    ...testingLibrary.configs["flat/react"],
    rules: {
      ...testingLibrary.configs["flat/react"].rules,
      // Our render helpers answer the user-event session the test types with, not the render's
      // result: the names say what the test renders.
      "testing-library/render-result-naming-convention": "off",
      // Some checks are outside what a query reaches, by design: the head's tags, the live
      // region a toast is announced in, the aria-hidden wrapper of the honeypot, focus order.
      "testing-library/no-node-access": "off",
    },
  },
);
