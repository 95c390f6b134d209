import {
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  ToastStore,
} from './toast-store';

describe('ToastStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('uses the spec timings: one toast, 5000 ms on screen, removed 1000000 ms after dismissal', () => {
    expect(TOAST_LIMIT).toBe(1);
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
  });

  it('keeps at most one toast: a new one replaces the previous', () => {
    const store = new ToastStore();
    store.add({ variant: 'success', title: 'Profile updated' });
    const second = store.add({ variant: 'destructive', title: 'Update failed' });
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ id: second, title: 'Update failed', variant: 'destructive', open: true }),
    ]);
  });

  it('gives each toast the default duration unless told otherwise', () => {
    const store = new ToastStore();
    store.add({ variant: 'info', title: 'A' });
    expect(store.getSnapshot()[0]?.durationMs).toBe(5000);
    store.add({ variant: 'info', title: 'B', durationMs: 800 });
    expect(store.getSnapshot()[0]?.durationMs).toBe(800);
  });

  it('updates the text of a shown toast and ignores unknown ids', () => {
    const store = new ToastStore();
    const id = store.add({ variant: 'info', title: 'Uploading' });
    store.update(id, { title: 'Upload Failed', variant: 'destructive', description: 'Try again' });
    store.update('toast-unknown', { title: 'nope' });
    expect(store.getSnapshot()).toEqual([
      expect.objectContaining({ id, title: 'Upload Failed', variant: 'destructive', description: 'Try again' }),
    ]);
  });

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    const store = new ToastStore();
    const id = store.add({ variant: 'success', title: 'Preferences Saved' });
    store.dismiss(id);
    expect(store.getSnapshot()[0]).toEqual(expect.objectContaining({ id, open: false }));
    jest.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(store.getSnapshot()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.getSnapshot()).toEqual([]);
  });

  it('dismisses every toast when no id is given', () => {
    const store = new ToastStore();
    store.add({ variant: 'success', title: 'One' });
    store.dismiss();
    expect(store.getSnapshot().every((toast) => !toast.open)).toBe(true);
  });

  it('tells subscribers about each change and stops after unsubscribing', () => {
    const store = new ToastStore();
    const listener = jest.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.add({ variant: 'success', title: 'One' });
    store.update(id, { title: 'Two' });
    store.dismiss(id);
    store.dismiss(id); // already closed: nothing changes
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
    store.add({ variant: 'success', title: 'Three' });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('keeps the snapshot identity while nothing changes (useSyncExternalStore needs this)', () => {
    const store = new ToastStore();
    store.add({ variant: 'success', title: 'One' });
    expect(store.getSnapshot()).toBe(store.getSnapshot());
  });
});
