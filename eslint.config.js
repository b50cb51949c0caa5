// Lint rules for every workspace: typescript-eslint's recommended set, React hooks rules on the web app,
// and import boundaries (shared code never reaches into the apps, a web feature never into another feature, a server
// feature into another only through its index.ts).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const serverImports = { group: ['**/apps/server/**', '@exam/server', '@exam/runner'], message: 'Le client web ne dépend pas du serveur.' };
// The app shell (src/app: router, layouts, providers) is the top: nothing below it imports it. The session and the
// shell's texts have homes of their own (src/session, src/texts).
const shellImports = { group: ['@/app', '@/app/**', '**/app/**'], message: 'Seul le haut de l’application importe src/app : la session est dans @/session, les textes dans @/texts.' };
const featureImports = { group: ['@/features/**', '**/features/**'], message: 'Les blocs partagés ne dépendent d’aucune fonctionnalité.' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/.tmp/**', '**/*.d.ts', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [serverImports] }],
    },
  },
  {
    // A feature never reaches into another feature nor into the app shell: what two features share lives in
    // src/components, src/lib, src/config, src/session, src/texts or src/question-kinds. Inside a feature, import its own
    // files relatively (../api/x, ./y).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            shellImports,
            {
              group: ['@/features/**', '**/features/**', '../../*', '../../**'],
              message: 'Une fonctionnalité n’importe pas les fichiers d’une autre : déplacez ce qui est partagé dans src/components, src/lib, src/config ou src/question-kinds.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared blocks know no feature (the route table in src/app is the one place that names feature routes), no app
    // shell, and no question kind (src/question-kinds builds on them, not the other way).
    files: ['apps/web/src/{components,lib,config,session,texts}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImports,
            shellImports,
            featureImports,
            { group: ['@/question-kinds', '@/question-kinds/**', '**/question-kinds/**'], message: 'Les blocs partagés ne connaissent aucun type de question : ils sont dans src/question-kinds.' },
          ],
        },
      ],
    },
  },
  {
    // The question kinds are used by several features and know none of them, nor the app shell.
    files: ['apps/web/src/question-kinds/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [serverImports, shellImports, { group: ['@/features/**', '**/features/**'], message: 'Un type de question ne dépend d’aucune fonctionnalité.' }] },
      ],
    },
  },
  {
    // A server feature reaches another only through its public entry (../other or ../other/index), never its files;
    // its own files are imported relatively (./x). Dynamic imports are held to the same rule.
    files: ['apps/server/src/features/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: String.raw`^\.\./(?!\.)[^/]+/(?!index$)`, message: 'Une fonctionnalité du serveur n’importe que l’entrée publique d’une autre (../autre), jamais ses fichiers.' },
            { regex: String.raw`(^|/)features(/|$)`, message: 'Une fonctionnalité du serveur importe les autres par ../autre, pas par le dossier features.' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', { selector: String.raw`ImportExpression > Literal[value=/^\.\.\/(?!\.)[^\/]+\/(?!index$)/]`, message: 'Une fonctionnalité du serveur n’importe que l’entrée publique d’une autre (../autre), jamais ses fichiers.' }],
    },
  },
  {
    // The route list names each feature by its public entry.
    files: ['apps/server/src/features/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: String.raw`^\./[^/]+/(?!index$)`, message: 'La liste des routes importe chaque fonctionnalité par son entrée publique (./nom).' }] }],
    },
  },
  {
    // lib/ is what every feature may use; it knows none of them.
    files: ['apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: String.raw`(^|/)features(/|$)`, message: 'lib/ ne dépend d’aucune fonctionnalité du serveur.' }] }],
    },
  },
  {
    // Whatever else in the server imports its features (start-up, workers, demo data, operations, tests) reaches each
    // one through its public entry too (features/name or features/name/index), never its files.
    files: ['apps/server/src/**/*.ts', 'apps/server/test/**/*.ts'],
    ignores: ['apps/server/src/features/**', 'apps/server/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: String.raw`(^|/)features/[^/]+/(?!index$)`, message: 'Une fonctionnalité du serveur s’importe par son entrée publique (features/nom), jamais par ses fichiers.' }] },
      ],
      'no-restricted-syntax': ['error', { selector: String.raw`ImportExpression > Literal[value=/(^|\/)features\/[^\/]+\/(?!index$)/]`, message: 'Une fonctionnalité du serveur s’importe par son entrée publique (features/nom), jamais par ses fichiers.' }],
    },
  },
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@exam/server', '@exam/web'], message: 'Les paquets partagés ne dépendent pas des applications.' }] }],
    },
  },
);
