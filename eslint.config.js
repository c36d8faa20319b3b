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
  // layers:begin. One-way layers (docs/architecture.md): an import never points up this list.
  // db < core < schemas (+ validation) < models < utils (request helpers) < components < reports
  // < api < routes. server/, scripts/, bench/, tests/, e2e/ and *.test.* files sit above all.
  // Written by the layers codemod; edit the list here, not the generated blocks.
  ...(() => {
    const layers = [
      ['db', ['db/**'], []],
      ['core', ['app/core/**'], ['core']],
      ['schemas', ['app/schemas/**', 'app/validation/**'], ['schemas', 'validation']],
      ['models', ['app/models/**'], ['models']],
      ['utils', ['app/utils/**'], ['utils']],
      ['components', ['app/components/**'], ['components']],
      ['reports', ['app/reports/**'], ['reports']],
      ['api', ['app/api/**'], ['api']],
      [
        'routes',
        ['app/routes/**', 'app/root.tsx', 'app/entry.*'],
        ['routes', 'root', 'entry\\.\\w+'],
      ],
    ]
    const consumers = {
      regex: '^(\\.\\./)+(server|scripts|bench|tests|e2e)(/|\\.ts$|$)',
      message: 'app/ and db/ never import server/, scripts/, bench/, tests/ or e2e/.',
    }
    const sql = {
      regex: '(^|/)db/client(\\.ts)?$',
      message:
        'All SQL lives in app/models: only models (and server/, scripts, tests) open db/client.',
    }
    return layers.map(([name, files], i) => {
      const above = layers.slice(i + 1).flatMap(([, , folders]) => folders)
      const patterns = [consumers]
      if (name === 'db') {
        patterns.push({ regex: '^(~/|\\.\\./)', message: 'db/ imports nothing from app/.' })
      } else {
        if (above.length)
          patterns.push({
            regex: `^(~/|(\\.\\./)+(app/)?)(${above.join('|')})(/|$)`,
            message: `${name} sits below ${layers
              .slice(i + 1)
              .map(([n]) => n)
              .join(', ')}: imports point down only.`,
          })
        if (name !== 'models') patterns.push(sql)
      }
      return {
        files,
        ignores: ['**/*.test.{ts,tsx}'],
        rules: { 'no-restricted-imports': ['error', { patterns }] },
      }
    })
  })(),
  // layers:end
)
