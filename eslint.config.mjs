// ESLint flat config: `npm run lint` (eslint .); .ci/run runs it next to the typecheck.
// TypeScript everywhere: typescript-eslint's recommended rules (syntactic, no type information, so
// it stays fast; `npm run typecheck` does the type checking). JavaScript (bin/, scripts/, the bench
// and drill runners, jest's setup): ESLint's recommended rules. The admin (src/admin): React's rules
// of hooks, both as errors.
import js from "@eslint/js"
import { defineConfig, globalIgnores } from "eslint/config"
import reactHooks from "eslint-plugin-react-hooks"
import globals from "globals"
import tseslint from "typescript-eslint"

export default defineConfig(
  globalIgnores([".medusa/", "dist/", "coverage/", ".cache/", "node_modules/"]),
  // A stale eslint-disable comment fails the lint too.
  { linterOptions: { reportUnusedDisableDirectives: "error" } },

  {
    files: ["**/*.{js,cjs,mjs}"],
    extends: [js.configs.recommended],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
    rules: {
      // The scripts' `catch {}` are deliberate best-effort cleanup (kill a process, remove a directory).
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    files: ["**/*.mjs"],
    languageOptions: { sourceType: "module" },
  },

  {
    files: ["**/*.{ts,tsx,mts,cts}"],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
    rules: {
      // `any` marks untyped boundaries (raw SQL rows, Query graph results, HTTP bodies in tests); tsc's
      // strict/noImplicitAny already rejects every implicit one.
      "@typescript-eslint/no-explicit-any": "off",
      // The codebase's convention: a leading `_` names a binding kept only to leave it out
      // (`const { sku: _sku, ...rest } = body`) or an unused parameter.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
    },
  },
  {
    // Benchmarks and drills require() lazily: Medusa's loaders and medusa-config only after setting the
    // process.env they read when loaded, helpers only in the step that needs them, node:os for a header.
    files: ["bench/**/*.ts", "drills/**/*.ts"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },

  {
    files: ["src/admin/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["**/__tests__/**", "integration-tests/**"],
    languageOptions: { globals: globals.jest },
  }
)
