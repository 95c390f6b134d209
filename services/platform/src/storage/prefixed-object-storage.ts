import type { Readable } from 'node:stream';
import { assertValidKeyPrefix, assertValidNamespace, assertValidObjectKey } from './object-key';
import {
  InvalidObjectKeyError,
  ObjectNotFoundError,
  type ObjectInfo,
  type ObjectStorage,
  type PutOptions,
  type StoredObject,
} from './object-storage';

/**
 * Scopes a storage under a namespace (`photos/`): the service using it reads, writes and lists
 * only its own keys, and sees them (in results and errors) without the namespace. One bucket or
 * folder can then serve every service without any of them reaching another's objects.
 */
export class PrefixedObjectStorage implements ObjectStorage {
  constructor(
    private readonly inner: ObjectStorage,
    private readonly namespace: string,
  ) {
    assertValidNamespace(namespace);
  }

  async put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<ObjectInfo> {
    assertValidObjectKey(key);
    return this.unscope(await this.scoped(key, () => this.inner.put(this.namespace + key, body, options)));
  }

  async get(key: string): Promise<StoredObject> {
    assertValidObjectKey(key);
    const stored = await this.scoped(key, () => this.inner.get(this.namespace + key));
    return { ...stored, key };
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidObjectKey(key);
    const info = await this.scoped(key, () => this.inner.head(this.namespace + key));
    return info && this.unscope(info);
  }

  async delete(key: string): Promise<void> {
    assertValidObjectKey(key);
    return this.scoped(key, () => this.inner.delete(this.namespace + key));
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    assertValidKeyPrefix(prefix);
    const infos = await this.scoped(prefix, () => this.inner.list(this.namespace + prefix));
    return infos.map((info) => this.unscope(info));
  }

  private unscope(info: ObjectInfo): ObjectInfo {
    return { ...info, key: info.key.slice(this.namespace.length) };
  }

  /** Re-throws the inner storage's key errors with the caller's key, so no namespace leaks out. */
  private async scoped<T>(key: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw new ObjectNotFoundError(key);
      if (error instanceof InvalidObjectKeyError) throw new InvalidObjectKeyError(key, error.reason);
      throw error;
    }
  }
}
