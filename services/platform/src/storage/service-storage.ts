import type { Provider } from '@nestjs/common';
import { ROOT_OBJECT_STORAGE } from '../platform.module';
import { OBJECT_STORAGE } from './object-storage';
import type { ObjectStorage } from './object-storage';
import { PrefixedObjectStorage } from './prefixed-object-storage';

/**
 * Provides `OBJECT_STORAGE` to one service module as a view of the process's storage limited to
 * `<namespace>/`, so a service can neither read nor overwrite another service's objects.
 */
export function serviceStorageProvider(namespace: string): Provider {
  return {
    provide: OBJECT_STORAGE,
    inject: [ROOT_OBJECT_STORAGE],
    useFactory: (root: ObjectStorage) => new PrefixedObjectStorage(root, namespace.endsWith('/') ? namespace : `${namespace}/`),
  };
}
