import { nextStatus, statusAction, statusLabel } from './message-status';

describe('nextStatus', () => {
  it('cycles pending → in_progress → resolved → pending', () => {
    expect(nextStatus('pending')).toBe('in_progress');
    expect(nextStatus('in_progress')).toBe('resolved');
    expect(nextStatus('resolved')).toBe('pending');
  });

  it('reopens an archived message as pending', () => {
    expect(nextStatus('archived')).toBe('pending');
  });
});

describe('statusLabel', () => {
  it('names each status for people', () => {
    expect(['pending', 'in_progress', 'resolved', 'archived'].map(statusLabel)).toEqual(['Pending', 'In Progress', 'Resolved', 'Archived']);
    expect(statusLabel('unknown')).toBe('unknown');
  });
});

describe('statusAction', () => {
  it('names the next step of the cycle on the button', () => {
    expect(statusAction('pending')).toBe('Mark In Progress');
    expect(statusAction('in_progress')).toBe('Mark Resolved');
    expect(statusAction('resolved')).toBe('Mark Pending');
    expect(statusAction('archived')).toBe('Reopen');
  });
});
