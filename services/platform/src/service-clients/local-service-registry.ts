import { Injectable } from '@nestjs/common';

/**
 * Synchronous calls between services go through a typed client interface (declared in
 * `@wildframe/contracts`) with two implementations: in-process, when the called service's module
 * runs in the same process (standalone), and HTTP otherwise. The called service registers its
 * in-process implementation here under the API's name; the caller's client looks it up and falls
 * back to HTTP when nothing is registered. No service imports another's code either way.
 */
@Injectable()
export class LocalServiceRegistry {
  private readonly services = new Map<string, unknown>();

  register<T>(name: string, implementation: T): void {
    if (this.services.has(name)) throw new Error(`A local implementation of '${name}' is already registered`);
    this.services.set(name, implementation);
  }

  get<T>(name: string): T | undefined {
    return this.services.get(name) as T | undefined;
  }
}
