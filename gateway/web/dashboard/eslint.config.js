// ESLint for the dashboard (flat config): typescript-eslint's type-checked
// recommended rules, because most of the pages' mistakes are unawaited
// promises and loose `any`s that only the types reveal, and the React hooks
// rules, which hold for preact/hooks as well (same rules of hooks, same
// dependency arrays). `npm run lint` fails on any finding, warnings included.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  reactHooks.configs.flat['recommended-latest'],
  {
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // useResource(load, deps) takes its deps as useEffect does: check them the same way.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useResource$' }],
      // `const { name: _, ...rest } = x` is how the pages drop a field from a copy.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    // The build script and this file run in node and are not in tsconfig's project.
    files: ['*.js', '*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
