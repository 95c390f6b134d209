// One lint config for the workspace. The module-boundary rule is what keeps services apart:
// a service may import the platform chassis and the event contracts, never another service.
import nx from '@nx/eslint-plugin';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  { ignores: ['**/dist', '**/node_modules', '**/data', '**/.nx', '**/test-results', '**/playwright-report'] },
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'type:platform', onlyDependOnLibsWithTags: ['type:platform', 'type:contracts'] },
            { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:platform', 'type:contracts'] },
            {
              sourceTag: 'type:app',
              onlyDependOnLibsWithTags: ['type:service', 'type:platform', 'type:contracts'],
            },
            { sourceTag: 'type:frontend', onlyDependOnLibsWithTags: ['type:frontend'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
];
