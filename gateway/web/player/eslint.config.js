// ESLint for the player (flat config): typescript-eslint's type-checked
// recommended rules, because the player's mistakes are the ones only types
// reveal (unawaited promises, loose `any`s from Video.js). The player has no
// components or hooks (Video.js plugins, not Preact), so unlike the
// dashboard it needs no React hooks rules. `npm run lint` fails on any
// finding, warnings included.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // The build script and this file run in node and are not in tsconfig's project.
    files: ['*.js', '*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
);
