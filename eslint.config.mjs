import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'eslint.config.mjs', 'scripts/**/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/unbound-method': 'off',
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      'no-restricted-imports': ['error', { patterns: [{ group: ['./*', '../*'], message: 'Use absolute #src/... imports.' }] }],
    },
  },
  {
    // Tenant isolation by construction: modules reach their tables only through an OrgScopedRepository
    // (src/common/database/scoped), never through TypeORM's repositories or entity manager directly.
    files: ['src/modules/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='getRepository']",
          message: "Read and write an organization's rows through an OrgScopedRepository (src/common/database/scoped).",
        },
        {
          selector: "CallExpression[callee.object.property.name='manager'], CallExpression[callee.object.name='manager']",
          message: "Read and write an organization's rows through an OrgScopedRepository (src/common/database/scoped), raw SQL through SqlClient.",
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', '**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [{ group: ['./*', '../*'], message: 'Use absolute @/... imports.' }] }],
    },
  },
  { files: ['web/src/api/schema.d.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
);
