export * from './address-key';
export * from './fixed-window-rate-limiter';
export * from './rate-limit-store';
export * from './database-rate-limit-stores';
