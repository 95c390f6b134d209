import type { DynamicModule, FactoryProvider, InjectionToken, Provider } from '@nestjs/common';

function isFactoryFor(provider: Provider, token: InjectionToken): provider is FactoryProvider {
  return typeof provider === 'object' && 'provide' in provider && provider.provide === token && 'useFactory' in provider;
}

/**
 * The module with one factory provider wrapped: Nest builds what the module would have provided,
 * and `replace` turns it into what is injected instead (a test double of a port at a boundary,
 * e.g. an engine whose verdict a test chooses). The rest of the module is untouched.
 */
export function withProviderReplaced<T>(module: DynamicModule, token: InjectionToken, replace: (original: T) => T): DynamicModule {
  const providers = module.providers ?? [];
  const original = providers.find((provider) => isFactoryFor(provider, token));
  if (!original) throw new Error(`${module.module.name} has no factory provider of ${String(token)}`);
  const replaced: FactoryProvider = {
    provide: token,
    inject: original.inject ?? [],
    useFactory: async (...dependencies: unknown[]) => replace((await original.useFactory(...dependencies)) as T),
  };
  return { ...module, providers: providers.map((provider) => (provider === original ? replaced : provider)) };
}
