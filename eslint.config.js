import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'server-build/**',
      '.cache/**',
      'node_modules/**',
      'e2e/.artifacts/**',
      'db/migrations/**',
      'data/**',
      'bench/.data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-empty-pattern': 'off',
    },
  },
  // Request input may be any JSON value: z.coerce calls Number()/String() on it, which throws on
  // `{ "toString": "x" }` (a 500). Use positiveIdValue (app/schemas/list-queries.ts) instead.
  {
    files: ['app/routes/**', 'app/validation/**', 'app/schemas/**', 'app/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='z'][property.name='coerce']",
          message: 'z.coerce throws on objects from request bodies; use positiveIdValue.',
        },
      ],
    },
  },
  // Playwright fixtures call `use`, which is not a React hook.
  { files: ['e2e/**'], rules: { 'react-hooks/rules-of-hooks': 'off' } },
)
