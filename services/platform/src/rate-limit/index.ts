export * from './fixed-window-rate-limiter';
