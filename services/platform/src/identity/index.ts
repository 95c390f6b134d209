export * from './identity';
export * from './identity.middleware';
export * from './identity.guards';
export * from './accepted-secrets';
export * from './identity-header';
export * from './internal-token.guard';
