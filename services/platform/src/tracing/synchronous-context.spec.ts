import { createContextKey, ROOT_CONTEXT } from '@opentelemetry/api';
import { EventEmitter } from 'node:events';
import { SynchronousContextManager } from './synchronous-context';

const KEY = createContextKey('probe');
const withValue = (value: string) => ROOT_CONTEXT.setValue(KEY, value);

describe('SynchronousContextManager', () => {
  const manager = new SynchronousContextManager();

  it('makes a context active for the synchronous call only, nested ones restored', async () => {
    expect(manager.active()).toBe(ROOT_CONTEXT);
    const seen: unknown[] = [];
    const later = manager.with(withValue('outer'), async () => {
      seen.push(manager.active().getValue(KEY));
      manager.with(withValue('inner'), () => seen.push(manager.active().getValue(KEY)));
      seen.push(manager.active().getValue(KEY));
      await Promise.resolve();
      // After an await the caller has moved on: nothing is active any more.
      seen.push(manager.active().getValue(KEY));
    });
    expect(manager.active()).toBe(ROOT_CONTEXT);
    await later;
    expect(seen).toEqual(['outer', 'inner', 'outer', undefined]);
  });

  it('restores the context when the call throws', () => {
    expect(() => manager.with(withValue('x'), () => { throw new Error('boom'); })).toThrow('boom');
    expect(manager.active()).toBe(ROOT_CONTEXT);
  });

  it('runs a bound function, and every listener of a bound emitter, in the bound context', () => {
    const bound = manager.bind(withValue('fn'), function (this: { tag: string }, suffix: string) {
      return `${this.tag}:${String(manager.active().getValue(KEY))}:${suffix}`;
    });
    expect(bound.call({ tag: 'self' }, '!')).toBe('self:fn:!');
    const emitter = manager.bind(withValue('first'), new EventEmitter());
    manager.bind(withValue('second'), emitter);
    const heard: unknown[] = [];
    emitter.on('finish', () => heard.push(manager.active().getValue(KEY)));
    emitter.emit('finish');
    expect(heard).toEqual(['second']);
    expect(manager.active()).toBe(ROOT_CONTEXT);
  });
});
